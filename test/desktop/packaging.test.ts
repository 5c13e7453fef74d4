// electron-builder.yml checked with electron-builder's own schema and file matcher (packaging
// itself downloads Electron, so it never runs here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('electron-builder.yml', () => {
  it("matches electron-builder's configuration schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(c: unknown, log: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('ships the bundles, the console, the web build and only better-sqlite3 from node_modules', () => {
    const { FileMatcher } = require('app-builder-lib/out/fileMatcher') as {
      FileMatcher: new (
        from: string,
        to: string,
        expand: (s: string) => string,
        patterns: string[],
      ) => { createFilter(): (file: string, stat: object) => boolean };
    };
    const filter = new FileMatcher(ROOT, '/app', (s) => s, config.files).createFilter();
    // Node-module files are matched by their path inside the app, as electron-builder's copier reports it.
    const ships = (path: string) =>
      filter(join(ROOT, path), {
        isDirectory: () => false,
        ...(path.startsWith('node_modules/') ? { moduleFullFilePath: path } : {}),
      });
    for (const path of [
      'dist/desktop/main.cjs',
      'dist/desktop/preload.cjs',
      'dist/desktop/contracts/compiled.json',
      'dist/console/index.html',
      'dist/desktop/tray-icon.png',
      'dist/desktop/trayTemplate.png',
      'dist/desktop/trayTemplate@2x.png',
      'dist/console/assets/index-1.js',
      'dist/web/widgets/index-latest.js',
      'package.json',
      'node_modules/better-sqlite3/lib/index.js',
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/bindings/bindings.js',
    ])
      expect(ships(path), path).toBe(true);
    for (const path of [
      'dist/desktop/main.cjs.map',
      'server/index.ts',
      'main/index.ts',
      'test/desktop/bundle.test.ts',
      '.data/tontill.db',
      'node_modules/fastify/fastify.js',
      'node_modules/@ton/sandbox/dist/index.js',
      'node_modules/react/index.js',
      'node_modules/electron-updater/out/main.js',
      'node_modules/builder-util-runtime/out/index.js',
      'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
      'node_modules/better-sqlite3/build/Release/test_extension.node',
    ])
      expect(ships(path), path).toBe(false);
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
