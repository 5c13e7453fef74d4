// Desktop preferences over IPC (validated in main, written atomically), the login item, and the
// start at login that waits in the tray. A stand-in service: the real one is in stay-up.test.ts.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESKTOP_PREFERENCES, type DesktopPreferences } from '../../contract/desktop';
import { createDesktopApp, type DesktopDeps } from '../../main/app/create-desktop-app';
import { PREFERENCES_FILE } from '../../main/app/preferences-store';
import type { ServicePort } from '../../main/service/service-port';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron } from './fake-electron';

const dirs: Array<{ remove(): void }> = [];
afterAll(() => {
  for (const d of dirs) d.remove();
});

const SERVICE_URL = 'http://127.0.0.1:1';
const stubService = (): ServicePort => ({
  url: SERVICE_URL,
  dataDir: '/data',
  consoleCookie: 'tontill_console',
  createLoginToken: async () => 'login',
  createSession: async () => 'tok',
  isSessionValid: async () => true,
  close: async () => undefined,
  status: () => 'running',
  onEvent: () => () => undefined,
  onBackupOutcome: () => () => undefined,
});

type LaunchOptions = Partial<Pick<DesktopDeps, 'argv' | 'platform' | 'linuxAutostart'>> & {
  before?: (userData: string) => void;
};

async function launch(options: LaunchOptions = {}) {
  const dir = tempDir('tontill-prefs-');
  dirs.push(dir);
  const { before, ...launchDeps } = options;
  before?.(dir.path);
  const electron = createFakeElectron({ userData: dir.path });
  const desktop = createDesktopApp(electron, {
    startService: async () => stubService(),
    preloadPath: '/p',
    trayPollMs: 20,
    ...launchDeps,
  })!;
  electron.app.becomeReady();
  await desktop.ready;
  const file = join(dir.path, PREFERENCES_FILE);
  const sender = () => ({
    contentsId: electron.windows.at(-1)!.webContents.id,
    frameUrl: `${SERVICE_URL}/console/#/settings`,
  });
  const get = () => electron.ipcMain.invoke('preferences:get', sender()) as Promise<DesktopPreferences>;
  const set = (value: unknown) => electron.ipcMain.invoke('preferences:set', sender(), value);
  return { electron, desktop, dir: dir.path, file, get, set };
}

const changed: DesktopPreferences = {
  notifications: { paid: true, partiallyPaid: false, unmatched: false, backupFailed: true },
  openAtLogin: true,
  updates: { feedUrl: 'https://updates.shop.example/tontill/' },
};

describe('desktop preferences over IPC', () => {
  it('start as the defaults, every notification on', async () => {
    const { get } = await launch();
    expect(await get()).toEqual(DEFAULT_DESKTOP_PREFERENCES);
  });

  it('round trip: saved to <userData>/desktop-preferences.json, owner-only, through a temp file', async () => {
    const { get, set, file, dir } = await launch();
    expect(await set(changed)).toEqual({ ok: true, preferences: changed });
    expect(await get()).toEqual(changed);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...changed, trayHintShown: false });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    // The temp file was renamed over the old one: nothing is left beside it.
    expect(readdirSync(dir)).toEqual([PREFERENCES_FILE]);
  });

  it('survive a restart', async () => {
    const first = await launch();
    await first.set(changed);
    const again = await launch({
      before: (userData) => writeFileSync(join(userData, PREFERENCES_FILE), readFileSync(first.file)),
    });
    expect((await again.get()).notifications).toEqual(changed.notifications);
  });

  it('refuse an invalid payload, naming the field, and keep the file as it was', async () => {
    const { set, file } = await launch();
    await set(changed);
    const before = readFileSync(file, 'utf8');
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...changed, updates: { feedUrl: 'http://updates.shop.example/' } }, 'updates.feedUrl', /https/],
      [{ ...changed, updates: { feedUrl: 'file:///etc/passwd' } }, 'updates.feedUrl', /https/],
      [{ ...changed, notifications: { ...changed.notifications, paid: 'yes' } }, 'notifications.paid', /boolean/],
      [{ ...changed, trayHintShown: true }, '', /unrecognized/i],
      [{ ...changed, openAtLogin: undefined }, 'openAtLogin', /boolean/],
      [null, 'preferences', /object/],
      ['{"openAtLogin":true}', 'preferences', /object/],
    ];
    for (const [payload, field, message] of cases) {
      const result = (await set(payload)) as { ok: boolean; field: string; message: string };
      expect(result.ok, JSON.stringify(payload)).toBe(false);
      if (field) expect(result.field).toBe(field);
      expect(result.message).toMatch(message);
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('are refused to anything but the console window', async () => {
    const { electron } = await launch();
    const frame = { contentsId: electron.windows[0]!.webContents.id, frameUrl: 'https://evil.example/' };
    await expect(electron.ipcMain.invoke('preferences:set', frame, changed)).rejects.toThrow(/refused/);
    await expect(electron.ipcMain.invoke('preferences:get', frame)).rejects.toThrow(/refused/);
  });

  it('a corrupt file means the defaults, not a failed start', async () => {
    const { get, electron } = await launch({
      before: (userData) => writeFileSync(join(userData, PREFERENCES_FILE), '{"notifications": tru'),
    });
    expect(electron.windows).toHaveLength(1);
    expect(await get()).toEqual(DEFAULT_DESKTOP_PREFERENCES);
  });
});

describe('the login item', () => {
  it('is set with the hidden flag when open at login is saved, and cleared again', async () => {
    const { electron, set } = await launch();
    await set(changed);
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true, args: ['--hidden'] });
    await set({ ...changed, openAtLogin: false });
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: false, args: ['--hidden'] });
  });

  it('is read back from the OS: removed in the system settings, it shows as off', async () => {
    const { electron, set, get } = await launch();
    await set(changed);
    electron.app.loginItem.openAtLogin = false;
    expect((await get()).openAtLogin).toBe(false);
    // The tray rereads it too.
    await vi.waitFor(() => expect(electron.trays[0]!.menu!.item('Start TonTill when I log in').checked).toBe(false));
  });

  it('on Linux is an XDG autostart entry that starts the app hidden, read back from the file', async () => {
    const home = tempDir('tontill-autostart-');
    dirs.push(home);
    const autostart = join(home.path, 'autostart');
    const command = ['/opt/TonTill/tontill', '/home/ann/my "shop"/main.cjs'];
    const { electron, set, get } = await launch({ platform: 'linux', linuxAutostart: { dir: autostart, command } });
    expect(((await set(changed)) as { ok: boolean }).ok).toBe(true);
    const entry = readFileSync(join(autostart, 'tontill.desktop'), 'utf8');
    expect(entry).toContain('[Desktop Entry]\nType=Application\nName=TonTill\n');
    expect(entry).toContain('\nExec="/opt/TonTill/tontill" "/home/ann/my \\"shop\\"/main.cjs" "--hidden"\n');
    expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled();
    expect((await get()).openAtLogin).toBe(true);
    // Removed by hand (or by the desktop's own settings): it reads as off.
    rmSync(join(autostart, 'tontill.desktop'));
    expect((await get()).openAtLogin).toBe(false);
    await set(changed);
    await set({ ...changed, openAtLogin: false });
    expect(existsSync(join(autostart, 'tontill.desktop'))).toBe(false);
  });

  it('started at login (the --hidden flag, or macOS saying so), the app waits in the tray with no window', async () => {
    for (const start of [{ argv: ['/app/TonTill', '--hidden'] }, { platform: 'darwin' as const }]) {
      const dir = tempDir('tontill-prefs-');
      dirs.push(dir);
      const electron = createFakeElectron({ userData: dir.path });
      electron.app.loginItem.wasOpenedAtLogin = start.platform === 'darwin';
      const desktop = createDesktopApp(electron, {
        startService: async () => stubService(),
        preloadPath: '/p',
        ...start,
      })!;
      electron.app.becomeReady();
      await desktop.ready;
      expect(electron.windows).toHaveLength(0);
      expect(electron.trays).toHaveLength(1);
      electron.trays[0]!.menu!.click('Open console');
      await vi.waitFor(() => expect(electron.windows[0]?.loadedUrls).toHaveLength(1));
    }
  });
});
