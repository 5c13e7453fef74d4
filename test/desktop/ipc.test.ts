import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../preload/contract';
import { createIpcHandlers, ipcChannels } from '../../main/ipc/handlers';
import { registerIpcHandlers, senderInfoOf } from '../../main/ipc/register-ipc';
import { createSessionKeeper } from '../../main/service/console-session';
import { FakeIpcMain } from './fake-electron';

const WINDOW_ID = 11;

function setup() {
  const openExternal = vi.fn(async (_url: string) => undefined);
  const table = createIpcHandlers({
    sessionToken: async () => 'tok_1', serviceUrl: () => 'http://127.0.0.1:4321', openExternal, version: '0.1.0', dataDir: '/data',
  });
  const ipcMain = new FakeIpcMain();
  registerIpcHandlers(ipcMain, table, () => WINDOW_ID);
  const trusted = { contentsId: WINDOW_ID, frameUrl: 'app://console/' };
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
    expect(await ipcMain.invoke('session:get', trusted)).toEqual({ token: 'tok_1', serviceUrl: 'http://127.0.0.1:4321' });
    expect(await ipcMain.invoke('app:get-info', trusted)).toEqual({ version: '0.1.0', dataDir: '/data' });
    expect(await ipcMain.invoke('external:open', trusted, 'https://tonviewer.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://tonviewer.com/');
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
    ['a sub-frame of the console', { contentsId: WINDOW_ID, frameUrl: 'app://console/', isMainFrame: false }],
    ['a checkout page proxied under the console origin', { contentsId: WINDOW_ID, frameUrl: 'app://console/pay/pay_1' }],
    ['another webContents on the console origin', { contentsId: WINDOW_ID + 1, frameUrl: 'app://console/' }],
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
    registerIpcHandlers(ipcMain, setup().table, () => null);
    await expect(ipcMain.invoke('session:get', { contentsId: WINDOW_ID, frameUrl: 'app://console/' })).rejects.toThrow();
  });

  it('senderInfoOf reads the frame, its depth and the sender id', () => {
    expect(senderInfoOf({ sender: { id: 3 }, senderFrame: { url: 'app://console/', parent: null } }))
      .toEqual({ frameUrl: 'app://console/', isMainFrame: true, senderId: 3 });
    expect(senderInfoOf({ sender: { id: 3 }, senderFrame: { url: 'app://console/', parent: {} } }).isMainFrame).toBe(false);
    expect(senderInfoOf({ sender: { id: 3 }, senderFrame: null })).toEqual({ frameUrl: null, isMainFrame: false, senderId: 3 });
  });
});

describe('createSessionKeeper', () => {
  it('reuses the live session and replaces one that expired or was logged out', async () => {
    const valid = new Set<string>();
    let n = 0;
    const keeper = createSessionKeeper({
      createSession: async () => { const token = `t${++n}`; valid.add(token); return token; },
      isSessionValid: async (token) => valid.has(token),
    });
    expect(await keeper()).toBe('t1');
    expect(await keeper()).toBe('t1');
    valid.delete('t1');
    expect(await keeper()).toBe('t2');
  });
});
