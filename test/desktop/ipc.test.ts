import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../preload/contract';
import { createIpcHandlers, ipcChannels } from '../../main/ipc/handlers';
import { registerIpcHandlers, senderInfoOf } from '../../main/ipc/register-ipc';
import { createPreferencesStore } from '../../main/app/preferences-store';
import { createSessionKeeper } from '../../main/service/console-session';
import { tempDir } from '../helpers/test-app';
import { FakeCookies, FakeIpcMain } from './fake-electron';

const WINDOW_ID = 11;
const SERVICE = 'http://127.0.0.1:4321';

function setup() {
  const openExternal = vi.fn(async (_url: string) => undefined);
  const store = createPreferencesStore(tempDir('tontill-ipc-').path);
  const table = createIpcHandlers({
    sessionToken: async () => 'tok_1',
    serviceUrl: () => SERVICE,
    openExternal,
    version: '0.1.0',
    dataDir: '/data',
    preferences: { get: store.current, save: store.save },
    updateState: () => ({ state: 'downloading' as const, version: '0.2.0', percent: 40 }),
    printReceipt: async () => ({ outcome: 'printed' as const }),
  });
  const ipcMain = new FakeIpcMain();
  registerIpcHandlers(
    ipcMain,
    table,
    () => WINDOW_ID,
    () => SERVICE,
  );
  const trusted = { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/console/#/till` };
  return { ipcMain, openExternal, table, trusted };
}

describe('IPC handler table', () => {
  it('has exactly one handler per contract channel, named domain:verb', () => {
    const { table, ipcMain } = setup();
    expect(ipcChannels(table).sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    for (const channel of ipcChannels(table)) expect(channel).toMatch(/^[a-z]+:[a-z-]+$/);
  });

  it('answers the console window with the session, app info and external links', async () => {
    const { ipcMain, openExternal, trusted } = setup();
    expect(await ipcMain.invoke('session:get', trusted)).toEqual({
      token: 'tok_1',
      serviceUrl: 'http://127.0.0.1:4321',
    });
    expect(await ipcMain.invoke('app:get-info', trusted)).toEqual({ version: '0.1.0', dataDir: '/data' });
    expect(await ipcMain.invoke('external:open', trusted, 'https://tonviewer.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://tonviewer.com/');
    expect(await ipcMain.invoke('updates:get-state', trusted)).toEqual({
      state: 'downloading',
      version: '0.2.0',
      percent: 40,
    });
  });

  it('validates external:open input: only http(s), never file: or javascript:', async () => {
    const { ipcMain, openExternal, trusted } = setup();
    expect(await ipcMain.invoke('external:open', trusted, 'file:///etc/passwd')).toBe(false);
    expect(await ipcMain.invoke('external:open', trusted, 'javascript:alert(1)')).toBe(false);
    expect(await ipcMain.invoke('external:open', trusted, { url: 'https://x.example' })).toBe(false);
    expect(await ipcMain.invoke('external:open', trusted)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each([
    ['a foreign page in our window', { contentsId: WINDOW_ID, frameUrl: 'https://evil.example/' }],
    ['a sub-frame of the console', { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/console/`, isMainFrame: false }],
    [
      'a checkout framed by the console on its origin',
      { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/embed?sig=x`, isMainFrame: false },
    ],
    [
      'the widget preview framed by the console on its origin',
      { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/console/widget-preview?s=1`, isMainFrame: false },
    ],
    ['a checkout page in the top frame', { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/pay/pay_1` }],
    [
      'the console of another launch (another port)',
      { contentsId: WINDOW_ID, frameUrl: 'http://127.0.0.1:4322/console/' },
    ],
    ['the old app:// console', { contentsId: WINDOW_ID, frameUrl: 'app://console/' }],
    ['another webContents on the console origin', { contentsId: WINDOW_ID + 1, frameUrl: `${SERVICE}/console/` }],
    ['a frame that is gone', { contentsId: WINDOW_ID, frameUrl: null }],
  ])('rejects every channel from %s', async (_name, sender) => {
    const { ipcMain, openExternal } = setup();
    for (const channel of Object.values(IPC_CHANNELS)) {
      await expect(ipcMain.invoke(channel, sender, 'https://example.com/')).rejects.toThrow(/not the console window/);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('rejects everything while there is no window', async () => {
    const ipcMain = new FakeIpcMain();
    registerIpcHandlers(
      ipcMain,
      setup().table,
      () => null,
      () => SERVICE,
    );
    await expect(
      ipcMain.invoke('session:get', { contentsId: WINDOW_ID, frameUrl: `${SERVICE}/console/` }),
    ).rejects.toThrow();
  });

  it('senderInfoOf reads the frame, its depth and the sender id', () => {
    expect(senderInfoOf({ sender: { id: 3 }, senderFrame: { url: `${SERVICE}/console/`, parent: null } })).toEqual({
      frameUrl: `${SERVICE}/console/`,
      isMainFrame: true,
      senderId: 3,
    });
    expect(
      senderInfoOf({ sender: { id: 3 }, senderFrame: { url: `${SERVICE}/console/`, parent: {} } }).isMainFrame,
    ).toBe(false);
    expect(senderInfoOf({ sender: { id: 3 }, senderFrame: null })).toEqual({
      frameUrl: null,
      isMainFrame: false,
      senderId: 3,
    });
  });
});

describe('createSessionKeeper', () => {
  function keeperWith(cookieToken: string | null) {
    const valid = new Set<string>();
    let n = 0;
    const cookies = new FakeCookies();
    if (cookieToken) {
      valid.add(cookieToken);
      void cookies.set({
        url: SERVICE,
        name: 'tontill_console',
        value: cookieToken,
        path: '/',
        httpOnly: true,
        secure: false,
        sameSite: 'strict',
      });
      cookies.set.mockClear();
    }
    const keeper = createSessionKeeper(
      {
        url: SERVICE,
        consoleCookie: 'tontill_console',
        createSession: async () => {
          const token = `t${++n}`;
          valid.add(token);
          return token;
        },
        isSessionValid: async (token) => valid.has(token),
      },
      cookies,
    );
    return { keeper, valid, cookies };
  }

  it("starts from the session the login link put in the window's cookie jar", async () => {
    const { keeper, cookies } = keeperWith('from-login');
    expect(await keeper()).toBe('from-login');
    expect(cookies.set).not.toHaveBeenCalled();
  });

  it('reuses the live session and replaces one that expired or was logged out, in the cookie jar too', async () => {
    const { keeper, valid, cookies } = keeperWith('from-login');
    expect(await keeper()).toBe('from-login');
    valid.delete('from-login');
    expect(await keeper()).toBe('t1');
    expect(await keeper()).toBe('t1');
    expect(cookies.valueOf(SERVICE, 'tontill_console')).toBe('t1');
    valid.delete('t1');
    expect(await keeper()).toBe('t2');
    expect(cookies.valueOf(SERVICE, 'tontill_console')).toBe('t2');
    expect(cookies.set).toHaveBeenCalledTimes(2);
  });

  it('creates a session when the jar has none', async () => {
    const { keeper, cookies } = keeperWith(null);
    expect(await keeper()).toBe('t1');
    expect(cookies.valueOf(SERVICE, 'tontill_console')).toBe('t1');
  });
});
