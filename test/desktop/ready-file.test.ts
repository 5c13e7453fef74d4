// main/index.ts tells `npm start` the app is up by writing TONTILL_DESKTOP_READY_FILE: driven here
// with the fake electron and the real service, as desktop-app.test.ts does.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopApp, type DesktopApp } from '../../main/app/create-desktop-app';
import { announceReady } from '../../main/app/ready-file';
import { toServicePort, type ServicePort } from '../../main/service/service-port';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { parseConfig } from '../../server/config/config';
import { startServer } from '../../server/index';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron } from './fake-electron';

const dirs: { remove(): void }[] = [];
const started: DesktopApp[] = [];

async function startService(dataDir: string): Promise<ServicePort> {
  const config = parseConfig({ dataDir, host: '127.0.0.1', port: 0, rateLimit: { enabled: false } });
  return toServicePort(await startServer(config), config.dataDir, CONSOLE_COOKIE);
}

function launch(options: { lockGranted?: boolean; userData?: string } = {}) {
  const dir = tempDir('tontill-ready-');
  dirs.push(dir);
  const electron = createFakeElectron({
    lockGranted: options.lockGranted,
    userData: options.userData ?? join(dir.path, 'userData'),
  });
  const desktop = createDesktopApp(electron, {
    startService,
    preloadPath: '/app/dist/desktop/preload.cjs',
    version: '0.1.0',
    log: () => undefined,
  });
  if (desktop) started.push(desktop);
  return { electron, desktop, readyFile: join(dir.path, 'ready'), dir: dir.path };
}

afterEach(async () => {
  for (const desktop of started.splice(0)) await desktop.service()?.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('announceReady', () => {
  it('writes the ready file only once the service runs and the window is loading', async () => {
    const { electron, desktop, readyFile } = launch();
    const announced = announceReady(desktop, readyFile, writeFileSync);
    expect(existsSync(readyFile)).toBe(false);
    electron.app.becomeReady();
    await expect(announced).resolves.toBe(true);
    expect(desktop!.service()!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(electron.windows).toHaveLength(1);
    expect(readFileSync(readyFile, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('writes nothing when startup fails, so npm start reports the failure', async () => {
    const blocker = tempDir('tontill-ready-blocker-');
    dirs.push(blocker);
    // A data folder that is a file: the real service refuses to start.
    const userData = join(blocker.path, 'not-a-folder');
    writeFileSync(userData, '');
    const { electron, desktop, readyFile } = launch({ userData });
    const announced = announceReady(desktop, readyFile, writeFileSync);
    electron.app.becomeReady();
    await expect(announced).resolves.toBe(false);
    expect(electron.dialog.showErrorBox).toHaveBeenCalled();
    expect(existsSync(readyFile)).toBe(false);
  });

  it('writes nothing in a second instance, nor without the variable (a packaged app)', async () => {
    const second = launch({ lockGranted: false });
    expect(second.desktop).toBeNull();
    await expect(announceReady(second.desktop, second.readyFile, writeFileSync)).resolves.toBe(false);
    expect(existsSync(second.readyFile)).toBe(false);

    const packaged = launch();
    packaged.electron.app.becomeReady();
    await expect(announceReady(packaged.desktop, undefined, writeFileSync)).resolves.toBe(false);
    await packaged.desktop!.ready;
    expect(packaged.desktop!.service()).not.toBeNull();
  });
});
