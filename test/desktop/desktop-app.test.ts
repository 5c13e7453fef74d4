// The main process driven end to end with a fake electron and the REAL service: startServer in a
// temp dir, real HTTP on 127.0.0.1, real SQLite. Electron itself cannot run on this machine.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDesktopApp, type DesktopApp } from '../../main/app/create-desktop-app';
import { CONSOLE_PARTITION } from '../../main/security/console-url';
import { toServicePort, type ServicePort } from '../../main/service/service-port';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { parseConfig } from '../../server/config/config';
import { serviceFile, startServer } from '../../server/index';
import { BUNDLED_BRIDGE_ORIGINS } from '../../server/wallet-connect/wallets-list';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron, fakeEvent, type FakeElectron } from './fake-electron';

const dir = tempDir('tontill-desktop-');
const userData = join(dir.path, 'userData');

async function startService(userDataDir: string): Promise<ServicePort> {
  const config = parseConfig({ dataDir: userDataDir, host: '127.0.0.1', port: 0, rateLimit: { enabled: false } });
  return toServicePort(await startServer(config), config.dataDir, CONSOLE_COOKIE);
}

let electron: FakeElectron;
let desktop: DesktopApp;
const startSpy = vi.fn(startService);
const windowId = () => electron.windows[0]!.webContents.id;
const trusted = () => ({ contentsId: windowId(), frameUrl: `${desktop.service()!.url}/console/#/payments` });

beforeAll(async () => {
  electron = createFakeElectron({ userData });
  desktop = createDesktopApp(electron, {
    startService: startSpy,
    preloadPath: '/app/dist/desktop/preload.cjs',
    version: '0.1.0',
  })!;
  // Nothing that needs ready may have happened yet.
  expect(startSpy).not.toHaveBeenCalled();
  electron.app.becomeReady();
  await desktop.ready;
});

afterAll(async () => {
  await desktop?.service()?.close();
  dir.remove();
});

describe('startup', () => {
  it("registers no custom scheme: the console is the service's own page", () => {
    expect('protocol' in electron).toBe(false);
  });

  it('starts the service in-process on loopback with its data in userData', () => {
    expect(startSpy).toHaveBeenCalledWith(userData);
    expect(desktop.service()!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(join(userData, 'tontill.db'))).toBe(true);
  });

  it('opens one window with the sandboxed, isolated webPreferences on its own in-memory partition', () => {
    expect(electron.windows).toHaveLength(1);
    const { options } = electron.windows[0]!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/dist/desktop/preload.cjs',
    });
    // No "persist:" prefix: Electron keeps the partition in memory, so the cookie lives one launch.
    expect(options.webPreferences.partition).toBe(CONSOLE_PARTITION);
    expect(CONSOLE_PARTITION.startsWith('persist:')).toBe(false);
    expect(options.show).toBe(false);
  });

  it('loads the loopback console through a one-time login link that signs the window in, once', async () => {
    const [loaded] = electron.windows[0]!.loadedUrls;
    const url = new URL(loaded!);
    expect(url.origin).toBe(desktop.service()!.url);
    expect(url.pathname).toBe('/console/login');
    // What Chromium does with the link: the service redeems it, sets the cookie and sends the window to /console/.
    const login = await fetch(url, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/console/');
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Strict`));
    const session = await fetch(`${desktop.service()!.url}/console/api/session`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(session.status).toBe(200);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
  });
});

describe('navigation and windows', () => {
  const origin = () => desktop.service()!.url;

  it("lets the window move within the service origin's /console/ and prevents every other navigation", () => {
    const contents = electron.windows[0]!.webContents;
    expect(contents.navigate(`${origin()}/console/#/payments`)).toBe(true);
    expect(contents.navigate(`${origin()}/console/login?token=x`)).toBe(true);
    const port = Number(new URL(origin()).port);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://console/',
      `http://127.0.0.1:${port + 1}/console/`,
      `http://localhost:${port}/console/`,
      `http://user:pw@127.0.0.1:${port}/console/`,
      `https://127.0.0.1:${port}/console/`,
      `${origin()}/pay/pay_1`,
      `${origin()}/consoleevil`,
      `${origin()}/docs`,
    ]) {
      expect(contents.navigate(url), url).toBe(false);
    }
    expect(contents.redirect('https://evil.example/')).toBe(false);
    expect(contents.redirect(`${origin()}/console/`)).toBe(true);
  });

  it("sends a foreign http(s) link and the service's other pages (checkout, docs) to the system browser", () => {
    electron.shell.openExternal.mockClear();
    electron.windows[0]!.webContents.navigate('https://tonviewer.com/tx/abc');
    electron.windows[0]!.webContents.navigate(`${origin()}/pay/pay_1`);
    expect(electron.shell.openExternal.mock.calls).toEqual([
      ['https://tonviewer.com/tx/abc'],
      [`${origin()}/pay/pay_1`],
    ]);
  });

  it('denies every new window; http(s) targets go to shell.openExternal, other schemes nowhere', () => {
    const contents = electron.windows[0]!.webContents;
    electron.shell.openExternal.mockClear();
    expect(contents.openWindow('https://docs.ton.org/')).toEqual({ action: 'deny' });
    expect(contents.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(contents.openWindow('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://docs.ton.org/']]);
  });

  it('refuses webviews', () => {
    expect(electron.windows[0]!.webContents.attachWebview()).toBe(false);
  });

  it('guards any other webContents Electron creates too (defense in depth)', async () => {
    const { FakeWebContents } = await import('./fake-electron');
    const other = new FakeWebContents();
    electron.app.emit('web-contents-created', fakeEvent(), other);
    expect(other.navigate('https://evil.example/')).toBe(false);
    expect(other.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  const sessions = () => [electron.session.defaultSession, electron.session.fromPartition(CONSOLE_PARTITION)];

  it("denies permission requests and checks, on the window's partition and the default session", async () => {
    for (const session of sessions()) {
      for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'midi']) {
        expect(await session.request(permission, `${desktop.service()!.url}/console/`)).toBe(false);
        expect(session.checkHandler!(null, permission, desktop.service()!.url)).toBe(false);
      }
    }
  });

  it('allows the copy buttons their sanitized clipboard write, from the service origin only', async () => {
    for (const session of sessions()) {
      expect(await session.request('clipboard-sanitized-write', `${desktop.service()!.url}/console/#/payments`)).toBe(
        true,
      );
      expect(session.checkHandler!(null, 'clipboard-sanitized-write', desktop.service()!.url)).toBe(true);
      expect(await session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
      expect(await session.request('clipboard-sanitized-write', 'http://127.0.0.1:1/console/')).toBe(false);
      expect(session.checkHandler!(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    }
  });
});

describe('IPC', () => {
  it("gives the console window a session the real service accepts, and puts it in the window's cookie jar", async () => {
    const session = (await electron.ipcMain.invoke('session:get', trusted())) as { token: string; serviceUrl: string };
    expect(session.serviceUrl).toBe(desktop.service()!.url);
    const res = await fetch(`${session.serviceUrl}/console/api/session`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(electron.session.fromPartition(CONSOLE_PARTITION).cookies.valueOf(session.serviceUrl, CONSOLE_COOKIE)).toBe(
      session.token,
    );
  });

  it('replaces a dead session (logged out, or past its 12 hours) in the bridge and the cookie jar', async () => {
    const first = (await electron.ipcMain.invoke('session:get', trusted())) as { token: string };
    const logout = await fetch(`${desktop.service()!.url}/console/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.token}` },
    });
    expect(logout.status).toBe(204);
    const second = (await electron.ipcMain.invoke('session:get', trusted())) as { token: string };
    expect(second.token).not.toBe(first.token);
    expect(await desktop.service()!.isSessionValid(second.token)).toBe(true);
    const cookie = electron.session.fromPartition(CONSOLE_PARTITION).cookies.set.mock.calls.at(-1)![0];
    expect(cookie).toEqual({
      url: desktop.service()!.url,
      name: CONSOLE_COOKIE,
      value: second.token,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'strict',
    });
  });

  it("rejects IPC from anything but the console page in the window's top frame", async () => {
    const url = desktop.service()!.url;
    await expect(
      electron.ipcMain.invoke('session:get', { contentsId: windowId(), frameUrl: 'https://evil.example/' }),
    ).rejects.toThrow(/refused/);
    // A checkout framed by the console is same-origin now; it still gets nothing.
    await expect(
      electron.ipcMain.invoke('session:get', {
        contentsId: windowId(),
        frameUrl: `${url}/embed?s=1`,
        isMainFrame: false,
      }),
    ).rejects.toThrow(/refused/);
    await expect(
      electron.ipcMain.invoke('session:get', {
        contentsId: windowId(),
        frameUrl: `${url}/console/`,
        isMainFrame: false,
      }),
    ).rejects.toThrow(/refused/);
    await expect(
      electron.ipcMain.invoke('session:get', { contentsId: windowId(), frameUrl: `${url}/pay/pay_1` }),
    ).rejects.toThrow(/refused/);
    await expect(
      electron.ipcMain.invoke('session:get', { contentsId: windowId(), frameUrl: 'app://console/' }),
    ).rejects.toThrow(/refused/);
    await expect(
      electron.ipcMain.invoke('app:get-info', { contentsId: windowId() + 99, frameUrl: `${url}/console/` }),
    ).rejects.toThrow(/refused/);
  });

  it('reports our version and the data folder', async () => {
    expect(await electron.ipcMain.invoke('app:get-info', trusted())).toEqual({ version: '0.1.0', dataDir: userData });
  });
});

describe('the console page the window shows', () => {
  it('is served by the service with a CSP at least as strict as the app:// one was', async () => {
    const res = await fetch(`${desktop.service()!.url}/console/`);
    const csp = res.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${BUNDLED_BRIDGE_ORIGINS.join(' ')};`,
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    // beyond itself, only the HTTP bridges of the listed wallets (Settings → Connect your wallet), exactly
    const withoutBridges = BUNDLED_BRIDGE_ORIGINS.reduce((rest, origin) => rest.replace(` ${origin}`, ''), csp);
    expect(BUNDLED_BRIDGE_ORIGINS.every((origin) => origin.startsWith('https://'))).toBe(true);
    expect(withoutBridges).not.toMatch(/unsafe-eval|unsafe-inline|\*|https?:/);
  });
});

describe('single instance', () => {
  it('focuses the existing window when a second launch hands over', () => {
    const window = electron.windows[0]!;
    window.minimized = true;
    const before = window.focused;
    electron.app.emit('second-instance');
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(before + 1);
  });

  it('a second instance quits without registering anything or starting a service', () => {
    const second = createFakeElectron({ lockGranted: false, userData });
    const start = vi.fn(startService);
    expect(createDesktopApp(second, { startService: start, preloadPath: 'x' })).toBeNull();
    expect(second.app.quit).toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
  });
});

describe('quit', () => {
  it('before-quit waits for server.close() (service stopped, WAL checkpointed), then quits', async () => {
    const service = desktop.service()!;
    const closeSpy = vi.spyOn(service, 'close');
    expect(existsSync(serviceFile(userData))).toBe(true);
    expect(existsSync(join(userData, 'tontill.db-wal'))).toBe(true);
    electron.app.quit();
    // The first quit is held while the service closes.
    expect(electron.app.hasQuit).toBe(false);
    await vi.waitFor(() => expect(electron.app.hasQuit).toBe(true));
    expect(closeSpy).toHaveBeenCalledTimes(1);
    expect(electron.app.quit).toHaveBeenCalledTimes(2);
    expect(existsSync(serviceFile(userData))).toBe(false);
    // SQLite removes the WAL only when the last connection closes after a checkpoint.
    expect(existsSync(join(userData, 'tontill.db-wal'))).toBe(false);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });
});

describe('startup failure', () => {
  it('shows one error box and quits instead of leaving a blank window', async () => {
    const failing = createFakeElectron({ userData });
    const app = createDesktopApp(failing, {
      startService: async () => {
        throw new Error('database schema version 99 is newer than this build knows');
      },
      preloadPath: 'x',
      log: () => undefined,
    })!;
    failing.app.becomeReady();
    await app.ready;
    expect(failing.dialog.showErrorBox).toHaveBeenCalledWith(
      'TonTill could not start',
      expect.stringContaining('schema version 99'),
    );
    expect(failing.windows).toHaveLength(0);
    await vi.waitFor(() => expect(failing.app.hasQuit).toBe(true));
  });
});
