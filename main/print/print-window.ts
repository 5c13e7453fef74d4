import { PrintCancelled, type PrintableWindow, type ReceiptPrintOptions } from './print-receipt';

/** Its own in-memory partition: the receipt is public, so the console's session cookie never reaches it. */
export const PRINT_PARTITION = 'tontill-print';

export interface PrintWindowOptions {
  show: false;
  webPreferences: {
    partition: string;
    sandbox: true;
    contextIsolation: true;
    nodeIntegration: false;
    webSecurity: true;
    /** the receipt is server-rendered and runs no script: none may run in this window either */
    javascript: false;
  };
}

/** The slice of Electron's BrowserWindow a print window uses (main/index.ts passes the real class). */
export interface PrintWindowPort {
  readonly webContents: {
    print(options: ReceiptPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
  };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  destroy(): void;
}

export type PrintWindowConstructor = new (options: PrintWindowOptions) => PrintWindowPort;

export const PRINT_WINDOW_OPTIONS: PrintWindowOptions = {
  show: false,
  webPreferences: {
    partition: PRINT_PARTITION,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    javascript: false,
  },
};

/** Opens `url` in a hidden window and hands it over once loaded (a failed load destroys it). */
export function hiddenWindowOpener(BrowserWindow: PrintWindowConstructor): (url: string) => Promise<PrintableWindow> {
  return async (url) => {
    const window = new BrowserWindow(PRINT_WINDOW_OPTIONS);
    const close = () => {
      if (!window.isDestroyed()) window.destroy();
    };
    try {
      await window.loadURL(url);
    } catch (err) {
      close();
      throw err;
    }
    return {
      close,
      print: (options) =>
        new Promise<void>((resolve, reject) => {
          window.webContents.print(options, (success, failureReason) => {
            // Electron reports the dialog closed without printing as a failure whose reason names the cancel.
            if (success) resolve();
            else
              reject(
                /cancel/i.test(failureReason) ? new PrintCancelled() : new Error(`printing failed: ${failureReason}`),
              );
          });
        }),
    };
  };
}
