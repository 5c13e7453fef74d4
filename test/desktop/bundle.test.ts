// Builds the desktop bundles and runs the real dist main.cjs under Node with a fake electron:
// proves esbuild's output starts the bundled service (import.meta shim, the jetton code beside
// it, better-sqlite3 left external), serves the console the window loads and answers IPC.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { buildDesktop, DESKTOP_BUILD_OPTIONS, TRAY_ICONS } from '../../scripts/build-desktop';
import { tempDir } from '../helpers/test-app';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dir = tempDir('tontill-bundle-');
afterAll(() => dir.remove());

describe('desktop bundle', () => {
  it('bundles main and preload to CommonJS with electron and better-sqlite3 external', async () => {
    const outDir = join(dir.path, 'desktop');
    const result = await buildDesktop({ outDir });
    expect(
      Object.keys(result.files)
        .map((f) => f.split('/').pop())
        .sort(),
    ).toEqual(['main.cjs', 'main.cjs.LEGAL.txt', 'preload.cjs']);
    // the sandbox's emulator ships beside main.cjs, read at its first use, never part of main.cjs
    for (const file of ['emulator-emscripten.wasm.cjs', 'emulator-emscripten.debugger.bpatch.gzip.cjs'])
      expect(existsSync(join(outDir, file)), file).toBe(true);
    const main = readFileSync(join(outDir, 'main.cjs'), 'utf8');
    // pure ASCII, so V8 keeps the source at one byte a character; zod's unused locales left out
    expect(main.search(/[^\x00-\x7f]/)).toBe(-1);
    expect(main).not.toContain('ISO-Datum und -Uhrzeit');
    expect(main).toContain('require("electron")');
    expect(main).toContain('require("better-sqlite3")');
    expect(main).toContain('fastify');
    expect(existsSync(join(outDir, 'contracts', 'compiled.json'))).toBe(true);
    // The tray icons ship beside main.cjs, where main/app/tray.ts looks for them.
    for (const icon of TRAY_ICONS)
      expect(readFileSync(join(outDir, icon)).subarray(1, 4).toString('ascii'), icon).toBe('PNG');
    const preload = readFileSync(join(outDir, 'preload.cjs'), 'utf8');
    // A sandboxed preload may require nothing but electron.
    expect(preload.match(/require\("[^"]+"\)/g)).toEqual(['require("electron")']);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('the built main.cjs starts the real service and signs its window in to the console it serves', async () => {
    const outDir = join(dir.path, 'desktop');
    if (!existsSync(join(outDir, 'main.cjs'))) await buildDesktop({ outDir });
    // The packaged app ships the repository's package.json above the bundle: its files ending in .js are ES modules there
    writeFileSync(join(dir.path, 'package.json'), JSON.stringify({ type: 'module' }));
    const appData = join(dir.path, 'appData');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(import.meta.dirname, 'fixtures', 'run-bundle.cjs'), join(outDir, 'main.cjs')],
      {
        cwd: ROOT,
        // The bundle sits in a temp dir; node_modules (better-sqlite3) is found through NODE_PATH.
        // An empty TONTILL_DATA_DIR must still mean "use userData", not the working directory.
        env: { ...process.env, FAKE_APP_DATA: appData, NODE_PATH: join(ROOT, 'node_modules'), TONTILL_DATA_DIR: '' },
        timeout: 60_000,
      },
    );
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(report).toMatchObject({
      name: 'TonTill',
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        preload: join(outDir, 'preload.cjs'),
        partition: 'tontill-console',
      },
      loginStatus: 302,
      apiStatus: 200,
      apiBody: { ok: true, mode: 'sandbox' },
      // The bundled service serves the console page the window shows.
      pageStatus: 200,
      pageType: 'text/html; charset=utf-8',
      info: { dataDir: join(appData, 'TonTill') },
      simulatedStatus: 'paid',
    });
    const serviceUrl = report.serviceUrl as string;
    expect(serviceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(report.loaded).toEqual([expect.stringMatching(new RegExp(`^${serviceUrl}/console/login\\?token=[\\w-]+$`))]);
    expect(report.sessionUrl).toBe(serviceUrl);
    expect(report.partitions).toContain('tontill-console');
    // One tray icon, loaded from the file the build put beside main.cjs.
    expect(report.trays).toEqual([join(outDir, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray-icon.png')]);
    expect(existsSync((report.trays as string[])[0]!)).toBe(true);
    expect(existsSync(join(appData, 'TonTill', 'tontill.db'))).toBe(true);
  });

  it('bundles electron-updater in (pure JS, nothing to ship), and the bundled one runs main/updates', async () => {
    // main/index.ts imports main/updates; this builds just that part, exactly as main.cjs is built.
    const entry = join(dir.path, 'updates-entry.ts');
    writeFileSync(
      entry,
      [
        `export { createUpdates } from ${JSON.stringify(join(ROOT, 'main/updates/create-updates'))};`,
        `export { electronAutoUpdater } from ${JSON.stringify(join(ROOT, 'main/updates/electron-updater'))};`,
      ].join('\n'),
    );
    const outfile = join(dir.path, 'updates-bundle', 'updates.cjs');
    const result = await build({ ...DESKTOP_BUILD_OPTIONS, entryPoints: [entry], outfile });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs).toContainEqual(expect.stringMatching(/node_modules\/electron-updater\/out\/AppImageUpdater\.js$/));
    expect(inputs).toContainEqual(expect.stringMatching(/node_modules\/builder-util-runtime\/out\/httpExecutor\.js$/));
    const bundle = readFileSync(outfile, 'utf8');
    // Left as require(): electron and Node's own modules, nothing from node_modules.
    const required = new Set(
      [...bundle.matchAll(/require\("([^"./][^"]*)"\)/g)].map((m) => m[1]!.replace(/^node:/, '')),
    );
    expect([...required].filter((name) => name !== 'electron' && !builtinModules.includes(name))).toEqual([]);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(import.meta.dirname, 'fixtures', 'run-updater-bundle.cjs'), outfile],
      {
        cwd: dir.path,
        env: { ...process.env, FAKE_APP_DATA: join(dir.path, 'appData-updates'), APPIMAGE: '' },
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      updater: process.platform === 'linux' ? 'AppImageUpdater' : expect.any(String),
      autoDownload: false,
      autoInstallOnAppQuit: false,
      // An unpackaged app never contacts the feed.
      state: { state: 'idle', message: 'updates run only in the installed app' },
    });
  });
});
