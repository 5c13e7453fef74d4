// The main process driven end to end with a fake electron and the REAL service: startServer in a
// temp dir, real HTTP on 127.0.0.1, real SQLite. Electron itself cannot run on this machine.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDesktopApp, type DesktopApp } from '../../main/app/create-desktop-app';
import { toServicePort, type ServicePort } from '../../main/service/service-port';
import { parseConfig } from '../../server/config/config';
import { serviceFile, startServer } from '../../server/index';
import { QUICK_START, tempDir } from '../helpers/test-app';
import { createFakeElectron, fakeEvent, type FakeElectron } from './fake-electron';

const dir = tempDir('tontill-desktop-');
const consoleDir = join(dir.path, 'dist', 'console');
const userData = join(dir.path, 'userData');

mkdirSync(join(consoleDir, 'assets'), { recursive: true });
// As Vite builds it with base './'.
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>TonTill console</title><script type="module" crossorigin src="./assets/app-1.js"></script>');
writeFileSync(join(consoleDir, 'assets', 'app-1.js'), 'export const ok = 1;');
writeFileSync(join(dir.path, 'dist', 'secret.txt'), 'not for the renderer');

async function startService(userDataDir: string): Promise<ServicePort> {
  const config = parseConfig({ dataDir: userDataDir, host: '127.0.0.1', port: 0, rateLimit: { enabled: false } });
  return toServicePort(await startServer(config), config.dataDir);
}

let electron: FakeElectron;
let desktop: DesktopApp;
const startSpy = vi.fn(startService);
const windowId = () => electron.windows[0]!.webContents.id;
const trusted = () => ({ contentsId: windowId(), frameUrl: 'app://console/' });

beforeAll(async () => {
  electron = createFakeElectron({ userData });
  desktop = createDesktopApp(electron, { startService: startSpy, consoleDir, preloadPath: '/app/dist/desktop/preload.cjs', version: '0.1.0' })!;
  // Nothing that needs ready may have happened yet.
  expect(electron.protocol.registeredBeforeReady).toBe(true);
  expect(startSpy).not.toHaveBeenCalled();
  electron.app.becomeReady();
  await desktop.ready;
});

afterAll(async () => {
  await desktop?.service()?.close();
  dir.remove();
});

describe('startup', () => {
  it('registers app:// as privileged (standard, secure, fetch, stream) before ready', () => {
    expect(electron.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
    ]);
  });

  it('starts the service in-process on loopback with its data in userData', () => {
    expect(startSpy).toHaveBeenCalledWith(userData);
    expect(desktop.service()!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(join(userData, 'tontill.db'))).toBe(true);
  });

  it('opens one window with the sandboxed, isolated webPreferences and loads app://console/', () => {
    expect(electron.windows).toHaveLength(1);
    const { options, loadedUrls } = electron.windows[0]!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false,
      preload: '/app/dist/desktop/preload.cjs',
    });
    expect(options.show).toBe(false);
    expect(loadedUrls).toEqual(['app://console/']);
  });
});

describe('navigation and windows', () => {
  it('lets the console navigate within app://console/ and prevents every foreign navigation', () => {
    const contents = electron.windows[0]!.webContents;
    expect(contents.navigate('app://console/payments')).toBe(true);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://console.evil/', 'http://127.0.0.1:1/console/']) {
      expect(contents.navigate(url)).toBe(false);
    }
    expect(contents.redirect('https://evil.example/')).toBe(false);
    expect(contents.redirect('app://console/')).toBe(true);
  });

  it('sends a foreign http(s) link clicked in the console to the system browser', () => {
    electron.shell.openExternal.mockClear();
    electron.windows[0]!.webContents.navigate('https://tonviewer.com/tx/abc');
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://tonviewer.com/tx/abc');
  });

  it('denies every new window; http(s) targets go to shell.openExternal, other schemes nowhere', () => {
    const contents = electron.windows[0]!.webContents;
    electron.shell.openExternal.mockClear();
    expect(contents.openWindow('https://docs.ton.org/')).toEqual({ action: 'deny' });
    expect(contents.openWindow('app://console/payments')).toEqual({ action: 'deny' });
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
  it('denies permission requests and checks', async () => {
    const { defaultSession } = electron.session;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'midi']) {
      expect(await defaultSession.request(permission, 'app://console/')).toBe(false);
      expect(defaultSession.checkHandler!(null, permission, 'app://console')).toBe(false);
    }
  });

  it('allows the copy buttons their sanitized clipboard write, from the console only', async () => {
    const { defaultSession } = electron.session;
    expect(await defaultSession.request('clipboard-sanitized-write', 'app://console/payments')).toBe(true);
    expect(await defaultSession.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(defaultSession.checkHandler!(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});

describe('IPC', () => {
  it('gives the console window a session the real service accepts', async () => {
    const session = await electron.ipcMain.invoke('session:get', trusted()) as { token: string; serviceUrl: string };
    expect(session.serviceUrl).toBe(desktop.service()!.url);
    const res = await fetch(`${session.serviceUrl}/console/api/session`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(res.status).toBe(200);
  });

  it('issues a fresh session after the console logs out', async () => {
    const first = await electron.ipcMain.invoke('session:get', trusted()) as { token: string };
    const logout = await electron.protocol.request('app://console/console/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${first.token}` } });
    expect(logout.status).toBe(204);
    const second = await electron.ipcMain.invoke('session:get', trusted()) as { token: string };
    expect(second.token).not.toBe(first.token);
    expect(await desktop.service()!.isSessionValid(second.token)).toBe(true);
  });

  it('rejects IPC from an untrusted frame', async () => {
    await expect(electron.ipcMain.invoke('session:get', { contentsId: windowId(), frameUrl: 'https://evil.example/' })).rejects.toThrow(/refused/);
    await expect(electron.ipcMain.invoke('session:get', { contentsId: windowId(), frameUrl: 'app://console/', isMainFrame: false })).rejects.toThrow(/refused/);
    await expect(electron.ipcMain.invoke('app:get-info', { contentsId: windowId() + 99, frameUrl: 'app://console/' })).rejects.toThrow(/refused/);
  });

  it('reports our version and the data folder', async () => {
    expect(await electron.ipcMain.invoke('app:get-info', trusted())).toEqual({ version: '0.1.0', dataDir: userData });
  });
});

describe('app:// protocol', () => {
  it('serves the console build with its MIME type and CSP', async () => {
    const index = await electron.protocol.request('app://console/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('content-security-policy')).toContain(`frame-src 'self' ${desktop.service()!.url}`);
    expect(await index.text()).toContain('TonTill console');
    const script = await electron.protocol.request('app://console/assets/app-1.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('export const ok = 1;');
  });

  it('falls back to index.html for client-side routes, with asset links that still resolve there', async () => {
    const route = await electron.protocol.request('app://console/payments/pay_1');
    const html = await route.text();
    expect(html).toContain('TonTill console');
    expect(html).toContain('src="/assets/app-1.js"');
  });

  it('refuses ../ traversal out of the console build', async () => {
    // URL parsing folds ../ and %2e%2e/ away (the request then names a missing file); encoded
    // separators survive parsing and reach the resolver, which refuses them.
    for (const url of ['app://console/..%2fsecret.txt', 'app://console/assets/..%5c..%5csecret.txt', 'app://console/..%2F..%2Fdist%2Fsecret.txt']) {
      const res = await electron.protocol.request(url);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('not for the renderer');
    }
    for (const url of ['app://console/../secret.txt', 'app://console/%2e%2e/secret.txt', 'app://console/assets/../../secret.txt']) {
      const res = await electron.protocol.request(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('not for the renderer');
    }
  });

  it('answers 404 for a missing file and 405 for writes to console files', async () => {
    expect((await electron.protocol.request('app://console/nope.js')).status).toBe(404);
    expect((await electron.protocol.request('app://console/', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('proxies /console/api to the real service over HTTP, bearer and all', async () => {
    const { token } = await electron.ipcMain.invoke('session:get', trusted()) as { token: string };
    const ok = await electron.protocol.request('app://console/console/api/session', { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, mode: 'sandbox' });
    const refused = await electron.protocol.request('app://console/console/api/session');
    expect(refused.status).toBe(401);
    expect((await refused.json() as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it('forwards request bodies and query strings', async () => {
    const { token } = await electron.ipcMain.invoke('session:get', trusted()) as { token: string };
    const created = await electron.protocol.request('app://console/console/api/api-keys', {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'till' }),
    });
    expect(created.status).toBe(200);
    expect((await created.json() as { apiKey: { name: string } }).apiKey.name).toBe('till');
    const listed = await electron.protocol.request('app://console/console/api/api-keys?x=1', { headers: { Authorization: `Bearer ${token}` } });
    expect((await listed.json() as { items: Array<{ name: string }> }).items.map((k) => k.name)).toContain('till');
  });

  it('streams the checkout event stream through the proxy instead of buffering it', async () => {
    const { token } = await electron.ipcMain.invoke('session:get', trusted()) as { token: string };
    const keyRes = await electron.protocol.request('app://console/console/api/api-keys', {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'sse' }),
    });
    const { key } = await keyRes.json() as { key: string };
    const deposit = await fetch(`${desktop.service()!.url}/invoice/deposit`, {
      method: 'POST', headers: { 'x-api-key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(QUICK_START),
    });
    const { id } = await deposit.json() as { id: string };
    const abort = new AbortController();
    const stream = await electron.protocol.request(`app://console/pay/${id}/events`, { signal: abort.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    // The stream never ends on its own: a first frame can only arrive if it is passed on as it comes.
    let text = '';
    while (!text.includes('event: status')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain(id);
    abort.abort();
    await reader.cancel().catch(() => undefined);
  });

  it('proxies checkout and widget paths too', async () => {
    const pay = await electron.protocol.request('app://console/pay/pay_doesnotexist');
    expect(pay.status).toBe(404);
    expect(pay.headers.get('content-type')).toMatch(/json|html/);
    const widgets = await electron.protocol.request('app://console/widgets/versions.json');
    expect([200, 404]).toContain(widgets.status);
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
    expect(createDesktopApp(second, { startService: start, consoleDir, preloadPath: 'x' })).toBeNull();
    expect(second.app.quit).toHaveBeenCalled();
    expect(second.protocol.privileged).toEqual([]);
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
      startService: async () => { throw new Error('database schema version 99 is newer than this build knows'); },
      consoleDir, preloadPath: 'x', log: () => undefined,
    })!;
    failing.app.becomeReady();
    await app.ready;
    expect(failing.dialog.showErrorBox).toHaveBeenCalledWith('TonTill could not start', expect.stringContaining('schema version 99'));
    expect(failing.windows).toHaveLength(0);
    await vi.waitFor(() => expect(failing.app.hasQuit).toBe(true));
  });
});
