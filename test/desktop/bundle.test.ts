// Builds the desktop bundles and runs the real dist main.cjs under Node with a fake electron:
// proves esbuild's output starts the bundled service (import.meta shim, the jetton code beside
// it, better-sqlite3 left external), serves the console the window loads and answers IPC.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDesktop, TRAY_ICONS } from '../../scripts/build-desktop';
import { tempDir } from '../helpers/test-app';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dir = tempDir('tontill-bundle-');
afterAll(() => dir.remove());

describe('desktop bundle', () => {
  it('bundles main and preload to CommonJS with electron and better-sqlite3 external', async () => {
    const outDir = join(dir.path, 'desktop');
    const result = await buildDesktop({ outDir });
    expect(Object.keys(result.files).map((f) => f.split('/').pop()).sort()).toEqual(['main.cjs', 'preload.cjs']);
    const main = readFileSync(join(outDir, 'main.cjs'), 'utf8');
    expect(main).toContain('require("electron")');
    expect(main).toContain('require("better-sqlite3")');
    expect(main).toContain('fastify');
    expect(existsSync(join(outDir, 'contracts', 'compiled.json'))).toBe(true);
    // The tray icons ship beside main.cjs, where main/app/tray.ts looks for them.
    for (const icon of TRAY_ICONS) expect(readFileSync(join(outDir, icon)).subarray(1, 4).toString('ascii'), icon).toBe('PNG');
    const preload = readFileSync(join(outDir, 'preload.cjs'), 'utf8');
    // A sandboxed preload may require nothing but electron.
    expect(preload.match(/require\("[^"]+"\)/g)).toEqual(['require("electron")']);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('the built main.cjs starts the real service and signs its window in to the console it serves', async () => {
    const outDir = join(dir.path, 'desktop');
    if (!existsSync(join(outDir, 'main.cjs'))) await buildDesktop({ outDir });
    const appData = join(dir.path, 'appData');
    const { stdout } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, 'fixtures', 'run-bundle.cjs'), join(outDir, 'main.cjs')], {
      cwd: ROOT,
      // The bundle sits in a temp dir; node_modules (better-sqlite3) is found through NODE_PATH.
      // An empty TONTILL_DATA_DIR must still mean "use userData", not the working directory.
      env: { ...process.env, FAKE_APP_DATA: appData, NODE_PATH: join(ROOT, 'node_modules'), TONTILL_DATA_DIR: '' },
      timeout: 60_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(report).toMatchObject({
      name: 'TonTill',
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, preload: join(outDir, 'preload.cjs'), partition: 'tontill-console' },
      loginStatus: 302,
      apiStatus: 200,
      apiBody: { ok: true, mode: 'sandbox' },
      // The bundled service serves the console page the window shows.
      pageStatus: 200,
      pageType: 'text/html; charset=utf-8',
      info: { dataDir: join(appData, 'TonTill') },
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
});
