import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents } from './harden-contents';
import { consoleWindowOptions } from './window-options';

export interface ConsoleWindow {
  /** opens the window and starts loading the URL `startUrl` gives (a fresh one-time login link each time) */
  open(): Promise<void>;
  /** brings the window forward (a second launch, the dock icon) */
  focus(): void;
  current(): BrowserWindowPort | null;
  /** the webContents IPC must come from, or null while there is no window */
  contentsId(): number | null;
}

export interface ConsoleWindowDeps {
  preloadPath: string;
  startUrl(): Promise<string>;
  serviceOrigin(): string | null;
  openExternal(url: string): void;
  log(message: string): void;
}

/** The one console window: created on demand, forgotten when closed. */
export function createConsoleWindow(electron: Pick<ElectronPort, 'BrowserWindow'>, deps: ConsoleWindowDeps): ConsoleWindow {
  let window: BrowserWindowPort | null = null;
  const live = () => (window && !window.isDestroyed() ? window : null);
  return {
    async open() {
      const created = new electron.BrowserWindow(consoleWindowOptions(deps.preloadPath));
      hardenWebContents(created.webContents, deps.serviceOrigin, deps.openExternal);
      created.once('ready-to-show', () => created.show());
      created.on('closed', () => { if (window === created) window = null; });
      window = created;
      const url = await deps.startUrl();
      // Settles when the page has loaded; a failure to load is logged, not thrown at startup.
      created.loadURL(url).catch((err: unknown) => deps.log(`console failed to load: ${(err as Error).message}`));
    },
    focus() {
      const current = live();
      if (!current) return;
      if (current.isMinimized()) current.restore();
      current.show();
      current.focus();
    },
    current: live,
    contentsId: () => live()?.webContents.id ?? null,
  };
}
