import { createIpcHandlers } from '../ipc/handlers';
import { registerIpcHandlers } from '../ipc/register-ipc';
import { CONSOLE_PARTITION, consoleLoginUrl, originOf } from '../security/console-url';
import { openExternalUrl } from '../security/open-external-url';
import { createSessionKeeper } from '../service/console-session';
import type { ServicePort } from '../service/service-port';
import { createConsoleWindow, type ConsoleWindow } from './console-window';
import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents, installPermissionHandlers } from './harden-contents';

export interface DesktopDeps {
  /** starts the service in-process on 127.0.0.1, its data under `userDataDir` */
  startService(userDataDir: string): Promise<ServicePort>;
  preloadPath: string;
  /** defaults to app.getVersion() */
  version?: string;
  platform?: NodeJS.Platform;
  /** one line a merchant can act on, for the startup error box */
  describeError?: (err: unknown) => string;
  log?: (message: string) => void;
}

export interface DesktopApp {
  /** settles once the service runs and the window is loading (or startup failed and quit began) */
  ready: Promise<void>;
  window(): BrowserWindowPort | null;
  service(): ServicePort | null;
}

/** Once the service listens: IPC answers the window, keeping its session alive in the window's own cookie jar. */
function connectConsole(electron: ElectronPort, deps: DesktopDeps, service: ServicePort, window: ConsoleWindow): void {
  registerIpcHandlers(electron.ipcMain, createIpcHandlers({
    sessionToken: createSessionKeeper(service, electron.session.fromPartition(CONSOLE_PARTITION).cookies),
    serviceUrl: () => service.url,
    openExternal: (url) => electron.shell.openExternal(url),
    version: deps.version ?? electron.app.getVersion(),
    dataDir: service.dataDir,
  }), window.contentsId, () => originOf(service.url));
}

/**
 * The whole main process, with electron injected so tests can drive it with a fake. Returns null
 * in a second instance, which hands over to the first (it focuses its window) and quits.
 */
export function createDesktopApp(electron: ElectronPort, deps: DesktopDeps): DesktopApp | null {
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const log = deps.log ?? ((message: string) => console.error(message));
  const openExternal = (url: string) => void openExternalUrl(url, (u) => electron.shell.openExternal(u));
  let service: ServicePort | null = null;
  let isQuitting = false;
  const serviceOrigin = () => originOf(service?.url ?? null);
  const window = createConsoleWindow(electron, {
    preloadPath: deps.preloadPath, serviceOrigin, openExternal, log,
    // Signs in exactly as a browser does: a one-time link the service trades for its session cookie.
    startUrl: async () => consoleLoginUrl(service!.url, await service!.createLoginToken()),
  });

  const start = async (): Promise<ServicePort> => {
    await app.whenReady();
    for (const session of [electron.session.defaultSession, electron.session.fromPartition(CONSOLE_PARTITION)]) {
      installPermissionHandlers(session, serviceOrigin);
    }
    service = await deps.startService(app.getPath('userData'));
    connectConsole(electron, deps, service, window);
    // A quit during startup still closes the service; it just never shows a window.
    if (!isQuitting) await window.open();
    return service;
  };

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, serviceOrigin, openExternal));
  app.on('second-instance', () => window.focus());
  app.on('activate', () => {
    if (!window.current() && service && !isQuitting) window.open().catch((err: unknown) => log(`console window failed to open: ${(err as Error).message}`));
  });
  app.on('window-all-closed', () => { if ((deps.platform ?? process.platform) !== 'darwin') app.quit(); });

  const starting = start();
  const ready = starting.then(() => undefined, (err: unknown) => {
    const message = deps.describeError ? deps.describeError(err) : (err as Error).message;
    log(`TonTill could not start: ${message}`);
    electron.dialog.showErrorBox('TonTill could not start', message);
    app.quit();
  });
  handleQuit(electron, starting, log, () => { isQuitting = true; });
  return { ready, window: window.current, service: () => service };
}

/**
 * Quitting waits for the service to close: HTTP, watcher and webhook dispatcher stop and the
 * database checkpoints its WAL, so a backup copies one file. The first before-quit is held
 * (preventDefault), the service closed, then quit is called again and let through.
 */
function handleQuit(electron: ElectronPort, starting: Promise<ServicePort>, log: (message: string) => void, onQuit: () => void): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  electron.app.on('before-quit', (event) => {
    onQuit();
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void starting
      .then((service) => service.close(), () => undefined)
      .catch((err: unknown) => log(`service did not close cleanly: ${(err as Error).message}`))
      .finally(() => {
        state = 'closed';
        electron.app.quit();
      });
  });
}
