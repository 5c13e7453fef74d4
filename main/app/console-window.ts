import { CONSOLE_START_URL } from '../security/is-internal-url';
import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents } from './harden-contents';
import { consoleWindowOptions } from './window-options';

export interface ConsoleWindow {
  open(): void;
  /** brings the window forward (a second launch, the dock icon) */
  focus(): void;
  current(): BrowserWindowPort | null;
  /** the webContents IPC must come from, or null while there is no window */
  contentsId(): number | null;
}

/** The one console window: created on demand, forgotten when closed. */
export function createConsoleWindow(
  electron: Pick<ElectronPort, 'BrowserWindow'>, preloadPath: string, openExternal: (url: string) => void, log: (message: string) => void,
): ConsoleWindow {
  let window: BrowserWindowPort | null = null;
  const live = () => (window && !window.isDestroyed() ? window : null);
  return {
    open() {
      const created = new electron.BrowserWindow(consoleWindowOptions(preloadPath));
      hardenWebContents(created.webContents, openExternal);
      created.once('ready-to-show', () => created.show());
      created.on('closed', () => { if (window === created) window = null; });
      window = created;
      created.loadURL(CONSOLE_START_URL).catch((err: unknown) => log(`console failed to load: ${(err as Error).message}`));
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
