import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents } from './harden-contents';
import { consoleWindowOptions } from './window-options';

export interface ConsoleWindow {
  /**
   * opens the window and starts loading the URL `startUrl` gives (a fresh one-time login link each
   * time), on the console route `route` if given
   */
  open(route?: string): Promise<void>;
  /** "Open console", a second launch, the dock icon, a notification: reopens the window if closed, focuses it otherwise */
  show(route?: string | null): Promise<void>;
  current(): BrowserWindowPort | null;
  /** the webContents IPC must come from, or null while there is no window */
  contentsId(): number | null;
}

export interface ConsoleWindowDeps {
  preloadPath: string;
  startUrl(): Promise<string>;
  /** the console's own page, `<service>/console/`: a route is its hash */
  consoleUrl(): string;
  serviceOrigin(): string | null;
  openExternal(url: string): void;
  log(message: string): void;
  /** the owner closed the window (the app keeps running in the tray) */
  onClosed?(): void;
}

/** The one console window: created on demand, forgotten when closed. */
export function createConsoleWindow(
  electron: Pick<ElectronPort, 'BrowserWindow'>,
  deps: ConsoleWindowDeps,
): ConsoleWindow {
  let window: BrowserWindowPort | null = null;
  const live = () => (window && !window.isDestroyed() ? window : null);
  const focus = () => {
    const current = live();
    if (!current) return;
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  };
  const load = (target: BrowserWindowPort, url: string) =>
    // Settles when the page has loaded; a failure to load is logged, not thrown at startup.
    target.loadURL(url).catch((err: unknown) => deps.log(`console failed to load: ${(err as Error).message}`));
  const open = async (route?: string) => {
    const created = new electron.BrowserWindow(consoleWindowOptions(deps.preloadPath));
    hardenWebContents(created.webContents, deps.serviceOrigin, deps.openExternal);
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      if (window !== created) return;
      window = null;
      deps.onClosed?.();
    });
    window = created;
    // The login link redirects to /console/ with no fragment of its own, so the browser keeps this one.
    const url = (await deps.startUrl()) + (route ? `#/${route}` : '');
    void load(created, url);
  };
  return {
    open,
    async show(route) {
      const current = live();
      if (!current) return open(route ?? undefined);
      // Same document, another hash: the console routes without reloading (or signing in again).
      if (route) void load(current, `${deps.consoleUrl()}#/${route}`);
      focus();
    },
    current: live,
    contentsId: () => live()?.webContents.id ?? null,
  };
}
