// The app stays up with its window closed: the REAL service (startServer in a temp dir, sandbox
// chain, watcher, real HTTP) under a fake electron, with the tray, notifications and a second launch.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDesktopApp, type DesktopApp } from '../../main/app/create-desktop-app';
import { PREFERENCES_FILE } from '../../main/app/preferences-store';
import { toServicePort, type ServicePort, type ServiceState } from '../../main/service/service-port';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { parseConfig } from '../../server/config/config';
import { lockDataDirectory } from '../../server/db/data-dir-lock';
import { serviceFile, startServer, type RunningServer } from '../../server/index';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron, type FakeElectron, type FakeTray } from './fake-electron';

const dir = tempDir('tontill-stay-up-');
const userData = join(dir.path, 'userData');

let server: RunningServer;
/** what the test makes the service report, over what it really reports */
let forcedState: ServiceState | null = null;

async function startService(userDataDir: string): Promise<ServicePort> {
  const config = parseConfig({ dataDir: userDataDir, host: '127.0.0.1', port: 0, rateLimit: { enabled: false } });
  server = await startServer(config);
  const port = toServicePort(server, config.dataDir, CONSOLE_COOKIE);
  return { ...port, status: () => forcedState ?? port.status() };
}

let electron: FakeElectron;
let desktop: DesktopApp;
const startSpy = vi.fn(startService);
const tray = (): FakeTray => electron.trays[0]!;
const url = () => desktop.service()!.url;
const closeWindow = () => {
  const window = electron.windows.at(-1)!;
  window.destroyed = true;
  window.emit('closed');
};
const notices = () => electron.notifications.map((n) => n.options.title);

/** Resolves once the service has committed `type` for `paymentId` (the app's own listener ran before). */
function committed(type: string, paymentId: string): Promise<void> {
  return new Promise((resolve) => {
    const off = desktop.service()!.onEvent((event) => {
      if (event.type === type && event.paymentId === paymentId) {
        off();
        resolve();
      }
    });
  });
}

async function payInSandbox(amount: string, reference: { externalId: string; description: string }, paying = amount) {
  const { payment } = await server.services.payments.create('invoice', {
    currency: 'USDT',
    mainCurrency: 'TON',
    amount,
    ...reference,
  });
  const type = paying === amount ? 'payment.paid' : 'payment.partially_paid';
  const seen = committed(type, payment.id);
  await server.simulator!.pay({ paymentId: payment.id, amount: paying });
  await seen;
  return payment;
}

const setPreferences = async (change: (p: Record<string, unknown>) => void) => {
  const sender = { contentsId: electron.windows.at(-1)!.webContents.id, frameUrl: `${url()}/console/` };
  const current = (await electron.ipcMain.invoke('preferences:get', sender)) as Record<string, unknown>;
  const next = structuredClone(current);
  change(next);
  return electron.ipcMain.invoke('preferences:set', sender, next);
};

beforeAll(async () => {
  electron = createFakeElectron({ userData });
  desktop = createDesktopApp(electron, {
    startService: startSpy,
    preloadPath: '/app/dist/desktop/preload.cjs',
    trayPollMs: 20,
    platform: 'linux',
  })!;
  electron.app.becomeReady();
  await desktop.ready;
});

afterAll(async () => {
  await desktop?.service()?.close();
  dir.remove();
});

describe('closing the window', () => {
  it('leaves the service answering HTTP and the watcher running, and says so once', async () => {
    closeWindow();
    expect(desktop.window()).toBeNull();
    electron.app.emit('window-all-closed');
    expect(electron.app.quit).not.toHaveBeenCalled();
    const health = await fetch(`${url()}/healthz`);
    expect(health.status).toBe(200);
    expect(server.app.runtime!.current()!.watcher.status().running).toBe(true);
    expect(desktop.service()!.status()).toBe('running');
    expect(notices()).toEqual(['TonTill is still running in the tray']);
    expect(JSON.parse(readFileSync(join(userData, PREFERENCES_FILE), 'utf8'))).toMatchObject({ trayHintShown: true });
  });

  it('a second launch reopens the window, signed in again, without a second service', async () => {
    electron.app.emit('second-instance');
    await vi.waitFor(() => expect(electron.windows[1]?.loadedUrls).toHaveLength(1));
    expect(desktop.window()).toBe(electron.windows[1]);
    expect(new URL(electron.windows[1]!.loadedUrls[0]!).pathname).toBe('/console/login');
    expect(startSpy).toHaveBeenCalledTimes(1);
    // Open now: a second launch only brings it forward.
    const before = electron.windows[1]!.focused;
    electron.app.emit('second-instance');
    await vi.waitFor(() => expect(electron.windows[1]!.focused).toBe(before + 1));
    expect(electron.windows).toHaveLength(2);
  });

  it('the hint is shown only the first time', async () => {
    closeWindow();
    expect(notices()).toEqual(['TonTill is still running in the tray']);
    tray().menu!.click('Open console');
    await vi.waitFor(() => expect(electron.windows).toHaveLength(3));
  });
});

describe('the tray', () => {
  it('shows the state in its tooltip and as a disabled first menu item', () => {
    expect(tray().toolTip).toMatch(/^TonTill: Running/);
    expect(tray().menu!.template[0]).toMatchObject({ label: expect.stringMatching(/^Running/), enabled: false });
    expect(
      tray()
        .menu!.template.map((i) => i.label)
        .filter(Boolean),
    ).toEqual([expect.any(String), 'Open console', 'Start TonTill when I log in', 'Quit']);
  });

  it('follows the service into degraded and back', async () => {
    forcedState = 'degraded';
    await vi.waitFor(() => expect(tray().toolTip).toMatch(/^TonTill: Degraded/));
    expect(tray().menu!.template[0]!.label).toMatch(/^Degraded/);
    forcedState = null;
    await vi.waitFor(() => expect(tray().toolTip).toMatch(/^TonTill: Running/));
  });

  it('"Open console" focuses the open window', async () => {
    const window = electron.windows.at(-1)!;
    const before = window.focused;
    tray().menu!.click('Open console');
    await vi.waitFor(() => expect(window.focused).toBe(before + 1));
  });

  it('"Start TonTill when I log in" sets the login item with the hidden flag and remembers it', async () => {
    tray().menu!.click('Start TonTill when I log in');
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true, args: ['--hidden'] });
    expect(tray().menu!.item('Start TonTill when I log in').checked).toBe(true);
    expect(JSON.parse(readFileSync(join(userData, PREFERENCES_FILE), 'utf8'))).toMatchObject({ openAtLogin: true });
    tray().menu!.click('Start TonTill when I log in');
    expect(electron.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: false, args: ['--hidden'] });
  });
});

describe('notifications from real sandbox payments', () => {
  it('a paid payment notifies; a click opens the window on that payment', async () => {
    const payment = await payInSandbox('10.00', { externalId: 'A-1001', description: 'Two coffees' });
    const notice = electron.notifications.at(-1)!;
    expect(notice.options).toEqual({ title: 'Paid: 10.00 USDT', body: 'Order A-1001 · Two coffees' });
    expect(notice.shown).toBe(true);
    closeWindow();
    const windows = electron.windows.length;
    notice.click();
    await vi.waitFor(() => expect(electron.windows[windows]?.loadedUrls).toHaveLength(1));
    const opened = new URL(electron.windows.at(-1)!.loadedUrls[0]!);
    expect(opened.pathname).toBe('/console/login');
    expect(opened.hash).toBe(`#/payment/${payment.id}`);
  });

  it('a click with the window open moves it to that payment', async () => {
    const payment = await payInSandbox('3.00', { externalId: 'A-1002', description: 'Tea' });
    const window = electron.windows.at(-1)!;
    electron.notifications.at(-1)!.click();
    await vi.waitFor(() => expect(window.loadedUrls.at(-1)).toBe(`${url()}/console/#/payment/${payment.id}`));
  });

  it('a partial payment notifies with what is still due', async () => {
    await payInSandbox('10.00', { externalId: 'A-1003', description: 'Cake' }, '4.00');
    expect(electron.notifications.at(-1)!.options).toEqual({
      title: 'Partly paid: 4.00 of 10.00 USDT',
      body: 'Order A-1003 · Cake\n6.00 USDT still due',
    });
  });

  it('a transfer matching no payment notifies; a click opens the unmatched inbox', async () => {
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '5.00',
    });
    const seen = new Promise<void>((resolve) => {
      const off = desktop.service()!.onEvent((event) => {
        if (event.type === 'transfer.unmatched') {
          off();
          resolve();
        }
      });
    });
    await server.simulator!.pay({ paymentId: payment.id, comment: 'table seven' });
    await seen;
    const notice = electron.notifications.at(-1)!;
    expect(notice.options.title).toBe('Unmatched transfer: 5.00 USDT');
    const window = electron.windows.at(-1)!;
    notice.click();
    await vi.waitFor(() => expect(window.loadedUrls.at(-1)).toBe(`${url()}/console/#/unmatched`));
  });

  it('turning "paid" off in the preferences stops its notifications', async () => {
    expect(
      await setPreferences((p) => {
        (p.notifications as Record<string, boolean>).paid = false;
      }),
    ).toMatchObject({ ok: true });
    const before = electron.notifications.length;
    await payInSandbox('2.00', { externalId: 'A-1004', description: 'Water' });
    expect(electron.notifications).toHaveLength(before);
  });
});

describe('a failed backup', () => {
  it('notifies with the reason; a click opens Settings, where the backup folder is', async () => {
    const before = await server.backups!.settings();
    // A file where the backup folder should be: the real backup service cannot create it.
    const blocked = join(dir.path, 'not-a-folder');
    writeFileSync(blocked, 'in the way');
    await server.backups!.saveSettings({ ...before, folder: join(blocked, 'backups') });
    try {
      const outcome = await server.backups!.runBackup();
      expect(outcome.ok).toBe(false);
      const notice = electron.notifications.at(-1)!;
      expect(notice.options.title).toBe('Backup failed');
      expect(notice.options.body).toContain('TonTill tries again in an hour');
      const window = electron.windows.at(-1)!;
      notice.click();
      await vi.waitFor(() => expect(window.loadedUrls.at(-1)).toBe(`${url()}/console/#/settings`));
    } finally {
      await server.backups!.saveSettings(before);
    }
  });
});

describe('quit from the tray', () => {
  it('stops the service cleanly: HTTP down, ledger closed, lock released, service.json removed, tray stopped', async () => {
    const service = desktop.service()!;
    expect(existsSync(serviceFile(userData))).toBe(true);
    // While it runs, nobody else may own the data folder.
    expect(() => lockDataDirectory(userData)).toThrow(/in use/);
    tray().menu!.click('Quit');
    expect(electron.app.hasQuit).toBe(false);
    await vi.waitFor(() => expect(electron.app.hasQuit).toBe(true));
    expect(existsSync(serviceFile(userData))).toBe(false);
    // SQLite removes the WAL only when the last connection closes after a checkpoint.
    expect(existsSync(join(userData, 'tontill.db-wal'))).toBe(false);
    lockDataDirectory(userData).release();
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    expect(tray().toolTip).toMatch(/^TonTill: Stopped/);
    expect(tray().menu!.template[0]!.label).toMatch(/^Stopped/);
    // Electron closes the window on its way out: that is no reason for the tray hint.
    const count = electron.notifications.length;
    closeWindow();
    expect(electron.notifications).toHaveLength(count);
  });
});
