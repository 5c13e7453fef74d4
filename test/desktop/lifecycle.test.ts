// Lifecycle edges with a stand-in service (the real one is exercised in desktop-app.test.ts).
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDesktopApp } from '../../main/app/create-desktop-app';
import type { ServicePort, ServiceState } from '../../main/service/service-port';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron } from './fake-electron';

const dir = tempDir('tontill-lifecycle-');
afterAll(() => dir.remove());

type StubService = ServicePort & { close: ReturnType<typeof vi.fn<() => Promise<void>>>; state: ServiceState };

function stubService(): StubService {
  const stub: StubService = {
    url: 'http://127.0.0.1:1',
    dataDir: '/data',
    consoleCookie: 'tontill_console',
    createLoginToken: async () => 'login',
    createSession: async () => 'tok',
    isSessionValid: async () => true,
    close: vi.fn(async () => undefined),
    state: 'running',
    status: () => stub.state,
    onEvent: () => () => undefined,
    onBackupOutcome: () => () => undefined,
  };
  return stub;
}

describe('desktop lifecycle', () => {
  it('a quit while the service is still starting waits for it, closes it and opens no window', async () => {
    const electron = createFakeElectron({ userData: '/u' });
    const service = stubService();
    let finishStart: ((s: ServicePort) => void) | null = null;
    const app = createDesktopApp(electron, {
      startService: () =>
        new Promise<ServicePort>((resolve) => {
          finishStart = resolve;
        }),
      preloadPath: '/p',
    })!;
    electron.app.becomeReady();
    await vi.waitFor(() => expect(finishStart).not.toBeNull());
    electron.app.quit();
    expect(electron.app.hasQuit).toBe(false);
    finishStart!(service);
    await app.ready;
    await vi.waitFor(() => expect(electron.app.hasQuit).toBe(true));
    expect(service.close).toHaveBeenCalledTimes(1);
    expect(electron.windows).toHaveLength(0);
  });

  it('never quits when the window closes; the dock icon reopens it', async () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const electron = createFakeElectron({ userData: dir.path });
      const app = createDesktopApp(electron, { startService: async () => stubService(), preloadPath: '/p', platform })!;
      electron.app.becomeReady();
      await app.ready;
      const first = electron.windows[0]!;
      first.destroyed = true;
      first.emit('closed');
      expect(app.window()).toBeNull();
      // A listener is what stops Electron quitting when the last window closes.
      expect(electron.app.listenerCount('window-all-closed')).toBe(1);
      electron.app.emit('window-all-closed');
      expect(electron.app.quit).not.toHaveBeenCalled();
      electron.app.emit('activate');
      await vi.waitFor(() => expect(electron.windows).toHaveLength(2));
      expect(app.window()).toBe(electron.windows[1]);
      expect(electron.trays[0]!.image).toBe(platform === 'darwin' ? '/trayTemplate.png' : '/tray-icon.png');
    }
  });

  it('a second quit while closing does not close the service twice', async () => {
    const electron = createFakeElectron({ userData: '/u' });
    const service = stubService();
    const app = createDesktopApp(electron, { startService: async () => service, preloadPath: '/p' })!;
    electron.app.becomeReady();
    await app.ready;
    electron.app.quit();
    electron.app.quit();
    await vi.waitFor(() => expect(electron.app.hasQuit).toBe(true));
    expect(service.close).toHaveBeenCalledTimes(1);
  });

  it('IPC answers only the current window: none after it closed', async () => {
    const electron = createFakeElectron({ userData: '/u' });
    const app = createDesktopApp(electron, { startService: async () => stubService(), preloadPath: '/p' })!;
    electron.app.becomeReady();
    await app.ready;
    const window = electron.windows[0]!;
    const sender = { contentsId: window.webContents.id, frameUrl: 'http://127.0.0.1:1/console/' };
    await expect(electron.ipcMain.invoke('session:get', sender)).resolves.toEqual({
      token: 'tok',
      serviceUrl: 'http://127.0.0.1:1',
    });
    window.destroyed = true;
    window.emit('closed');
    await expect(electron.ipcMain.invoke('session:get', sender)).rejects.toThrow(/refused/);
  });
});

describe('desktop lifecycle with an update downloaded', () => {
  /** A stand-in for main/updates (tested on its own in updates.test.ts): what the quit sequence asks of it, in order. */
  function fakeUpdates(choice: 'install' | 'skip', quitApp: () => void, calls: string[]) {
    return {
      start: vi.fn(() => {
        calls.push('start');
      }),
      stop: vi.fn(),
      check: vi.fn(async () => undefined),
      state: () => ({ state: 'ready' as const, version: '0.2.0' }),
      onQuit: vi.fn(async () => {
        calls.push('ask');
        return choice;
      }),
      // electron-updater quits the app itself once the installer runs
      install: vi.fn(() => {
        calls.push('install');
        quitApp();
        return true;
      }),
    };
  }

  it.each([
    ['install', ['start', 'ask', 'close', 'install']],
    ['skip', ['start', 'ask', 'close']],
  ] as const)(
    'on quit the owner is asked first, then the service closes, then (%s) the installer takes over or the app quits',
    async (choice, expected) => {
      const electron = createFakeElectron({ userData: join(dir.path, `u-${choice}`) });
      const service = stubService();
      const calls: string[] = [];
      service.close.mockImplementation(async () => {
        calls.push('close');
      });
      const updates = fakeUpdates(choice, () => electron.app.quit(), calls);
      let feedUrl: (() => string | null) | null = null;
      const app = createDesktopApp(electron, {
        startService: async () => service,
        preloadPath: '/p',
        updates: (feed) => {
          feedUrl = feed;
          return updates;
        },
      })!;
      electron.app.becomeReady();
      await app.ready;
      // The feed comes from the owner's desktop preferences; none is set yet.
      expect(feedUrl!()).toBeNull();
      electron.app.quit();
      await vi.waitFor(() => expect(electron.app.hasQuit).toBe(true));
      expect(calls).toEqual(expected);
      expect(updates.stop).toHaveBeenCalled();
    },
  );
});
