import { createIpcHandlers } from '../ipc/handlers';
import { registerIpcHandlers } from '../ipc/register-ipc';
import { createConsoleProtocolHandler } from '../protocol/console-protocol';
import { CONSOLE_SCHEME } from '../security/is-internal-url';
import { openExternalUrl } from '../security/open-external-url';
import { createSessionKeeper } from '../service/console-session';
import type { ServicePort } from '../service/service-port';
import { createConsoleWindow, type ConsoleWindow } from './console-window';
import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents, installPermissionHandlers } from './harden-contents';

export interface DesktopDeps {
  /** starts the service in-process on 127.0.0.1, its data under `userDataDir` */
  startService(userDataDir: string): Promise<ServicePort>;
  consoleDir: string;
  preloadPath: string;
  /** defaults to app.getVersion() */
  version?: string;
  fetch?: typeof fetch;
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

/** Registered before ready: standard + secure gives app://console/ a real origin, fetch and streaming (the checkout's event stream). */
function registerScheme(electron: ElectronPort): void {
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: CONSOLE_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);
}

/** Once the service listens: app:// answers from the build and the service, and IPC answers the window. */
function connectConsole(electron: ElectronPort, deps: DesktopDeps, service: ServicePort, window: ConsoleWindow): void {
  electron.protocol.handle(CONSOLE_SCHEME, createConsoleProtocolHandler({
    consoleDir: deps.consoleDir, serviceUrl: () => service.url, ...(deps.fetch ? { fetch: deps.fetch } : {}),
  }));
  registerIpcHandlers(electron.ipcMain, createIpcHandlers({
    sessionToken: createSessionKeeper(service),
    serviceUrl: () => service.url,
    openExternal: (url) => electron.shell.openExternal(url),
    version: deps.version ?? electron.app.getVersion(),
    dataDir: service.dataDir,
  }), window.contentsId);
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
  registerScheme(electron);
  const log = deps.log ?? ((message: string) => console.error(message));
  const openExternal = (url: string) => void openExternalUrl(url, (u) => electron.shell.openExternal(u));
  const window = createConsoleWindow(electron, deps.preloadPath, openExternal, log);
  let service: ServicePort | null = null;
  let isQuitting = false;

  const start = async (): Promise<ServicePort> => {
    await app.whenReady();
    installPermissionHandlers(electron.session.defaultSession);
    service = await deps.startService(app.getPath('userData'));
    connectConsole(electron, deps, service, window);
    // A quit during startup still closes the service; it just never shows a window.
    if (!isQuitting) window.open();
    return service;
  };

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));
  app.on('second-instance', () => window.focus());
  app.on('activate', () => { if (!window.current() && service && !isQuitting) window.open(); });
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
