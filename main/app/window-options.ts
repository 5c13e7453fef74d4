import { CONSOLE_PARTITION } from '../security/console-url';
import type { WindowOptions } from './electron-port';

/**
 * The only window. The security switches are spelled out even where they are Electron's
 * defaults, so a test can assert them and a future default change cannot loosen them.
 */
export function consoleWindowOptions(preloadPath: string): WindowOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'TonTill',
    // Shown on ready-to-show, so the till never flashes an empty white frame.
    show: false,
    backgroundColor: '#0f172a',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      // Its own in-memory cookie jar and storage: the console's cookie never reaches the default
      // session, and ends with the launch.
      partition: CONSOLE_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
