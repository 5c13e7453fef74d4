// electron-builder.yml checked by packaging with electron-builder's public build(): the real schema
// validation, file matching, asar and fuse flipping run, against a stand-in Electron distribution
// (the real one is a download this machine cannot make) that carries Electron's fuse sentinel.
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { build, Platform } from 'electron-builder';
import { ensureBuilt } from '../../scripts/build-freshness.mjs';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A fuse's state on the wire is an ASCII digit: '1' on, '0' off.
const FUSE_ON = 0x31;
const FUSE_OFF = 0x30;
const ROOT = resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  files: string[];
  asarUnpack: string[];
  extraMetadata: { main: string };
  npmRebuild: boolean;
  [key: string]: unknown;
}

const yaml = require('js-yaml') as { load(text: string): unknown };
const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

/**
 * An Electron distribution as electron-builder copies it: the executable carries the fuse wire after
 * Electron's sentinel (version 1, eight fuses, in Electron's shipped states), so packaging flips it.
 */
function standInElectron(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const shipped = [1, 0, 1, 1, 0, 0, 0, 1].map((on) => (on ? FUSE_ON : FUSE_OFF));
  const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
  writeFileSync(
    join(dir, 'electron'),
    Buffer.concat([Buffer.from('ELF'), sentinel, Buffer.from([1, shipped.length, ...shipped])]),
  );
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), '45.4.1');
  return dir;
}

describe('electron-builder.yml', () => {
  let work: string;
  let unpacked: string;
  let shipped: Set<string>;

  beforeAll(async () => {
    // what it packages, built if stale (another test may not have built it yet)
    ensureBuilt(ROOT, ['web', 'console', 'desktop']);
    work = mkdtempSync(join(tmpdir(), 'tontill-package-'));
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget('dir'),
      publish: 'never',
      config: {
        ...(config as object),
        electronDist: standInElectron(join(work, 'electron')),
        electronVersion: '45.4.1',
        // The addon is rebuilt for Electron by `npm run package`; here the Node build is what is on disk.
        npmRebuild: false,
        directories: { output: join(work, 'out') },
      },
    });
    unpacked = join(work, 'out', 'linux-unpacked');
    shipped = new Set(listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }));
  }, 300_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ships the bundles, the console, the web build and only better-sqlite3 from node_modules', () => {
    for (const path of [
      'dist/desktop/main.cjs',
      'dist/desktop/preload.cjs',
      'dist/desktop/contracts/compiled.json',
      'dist/desktop/emulator-emscripten.wasm.cjs',
      'dist/desktop/emulator-emscripten.debugger.bpatch.gzip.cjs',
      'dist/console/index.html',
      'dist/desktop/tray-icon.png',
      'dist/desktop/trayTemplate.png',
      'dist/desktop/trayTemplate@2x.png',
      'dist/web/widgets/index-latest.js',
      'package.json',
      'node_modules/better-sqlite3/lib/index.js',
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/bindings/bindings.js',
    ])
      expect(shipped.has(`/${path}`), path).toBe(true);
    const modules = new Set([...shipped].map((path) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]));
    modules.delete(undefined);
    expect([...modules].sort()).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
    for (const path of shipped) {
      expect(path, 'no source maps').not.toMatch(/\.map$/);
      expect(path, 'no sources, tests or ledgers').not.toMatch(/^\/(server|main|renderer|test|\.data)\//);
      expect(path, "no addon's C sources or test build").not.toMatch(/sqlite3\.c$|test_extension\.node$/);
    }
  });

  it('unpacks the native addon from the asar, so Electron can load it', () => {
    const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(
      readFileSync(join(unpacked, 'resources', 'app.asar.unpacked', addon))
        .subarray(1, 4)
        .toString(),
    ).toBe('ELF');
  });

  it("flips Electron's fuses as the security checklist asks", async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'tontill'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(FUSE_OFF);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FUSE_ON);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FUSE_OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FUSE_OFF);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FUSE_ON);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FUSE_ON);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FUSE_OFF);
  });

  it('writes the update feed into the app, so electron-updater knows where to look', () => {
    const feed = readFileSync(join(unpacked, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain(`url: ${(config.publish as { url: string }).url}`);
  });

  it('starts the packaged app at the bundle scripts/build-desktop.ts writes, with the addon unpacked', () => {
    expect(config.extraMetadata.main).toBe('dist/desktop/main.cjs');
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
    expect(config.npmRebuild).toBe(true);
  });

  it('publishes to a generic https feed, so the build writes latest*.yml for electron-updater and never uploads', () => {
    const publish = config.publish as { provider: string; url: string };
    expect(publish.provider).toBe('generic');
    expect(new URL(publish.url).protocol).toBe('https:');
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.package).toContain('--publish never');
    // macOS updates come from the zip, Linux ones from the AppImage.
    expect((config.mac as { target: string[] }).target).toContain('zip');
    expect((config.linux as { target: string[] }).target).toContain('AppImage');
  });

  it('never rebuilds native modules on install (npm ci stays offline-safe, tests keep the Node build)', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(scripts[hook] ?? '', hook).not.toMatch(/rebuild|install-app-deps/);
  });

  it('has a 512x512 PNG icon', () => {
    const png = readFileSync(join(ROOT, 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});
