// The Electron entry (bundled to dist/desktop/main.cjs). Only wiring: the real electron module and
// the real service go into createDesktopApp; every decision lives in the modules it imports.
// This is the only file in main/ that imports server/.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell, Tray } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_COOKIE, describeStartupError, loadConfig, parseConfig, startServer } from '../server/index';
import { createDesktopApp } from './app/create-desktop-app';
import { createUpdates } from './updates/create-updates';
import { electronAutoUpdater } from './updates/electron-updater';
import { announceReady } from './app/ready-file';
import { toServicePort, type ServicePort } from './service/service-port';
import { isLoopbackPortFree, pickConsolePort, readRememberedPort, rememberPort } from './service/stable-port';

// `electron dist/desktop/main.cjs` (npm start) finds no package.json beside the script, so Electron
// would call itself "Electron" and keep data under that name: pin both before anything asks.
app.setName('TonTill');
app.setPath('userData', join(app.getPath('appData'), 'TonTill'));
// Windows shows an app's notifications only under its AppUserModelID: the installer's appId.
if (process.platform === 'win32') app.setAppUserModelId('app.tontill.desktop');

/** Ours, not Electron's: the repository's (or the packaged app's) package.json, two folders up. */
function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return app.getVersion();
  }
}

// A packaged app's argv has no script path; `electron dist/desktop/main.cjs --flags` has one.
const cliArgs = process.argv.slice(app.isPackaged ? 1 : 2);

async function startService(userDataDir: string): Promise<ServicePort> {
  // Flags, TONTILL_* and <dataDir>/config.json still apply; the data folder defaults to userData.
  const loaded = loadConfig(cliArgs, { ...process.env, TONTILL_DATA_DIR: process.env.TONTILL_DATA_DIR || userDataDir });
  // The window shows the service's own /console/, so it listens on loopback only: on the last
  // launch's port when it is free, so the console's origin (and its saved preferences) stays put.
  const dataDir = parseConfig(loaded).dataDir;
  const port = await pickConsolePort(readRememberedPort(dataDir), isLoopbackPortFree);
  const config = parseConfig({ ...loaded, host: '127.0.0.1', port });
  // The service serves the console from dist/console, found beside the bundle as dist/web is.
  const server = await startServer(config, { logLevel: config.logLevel });
  rememberPort(config.dataDir, server.url);
  return toServicePort(server, config.dataDir, CONSOLE_COOKIE);
}

const desktop = createDesktopApp(
  { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell, Tray },
  {
    startService,
    preloadPath: join(__dirname, 'preload.cjs'),
    printWindow: BrowserWindow,
    iconDir: __dirname,
    argv: process.argv,
    linuxAutostart:
      process.platform === 'linux'
        ? {
            dir: join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'autostart'),
            // An AppImage runs from a temporary mount: start the image itself. Unpackaged, electron needs the script.
            command: [
              process.env.APPIMAGE || process.execPath,
              ...(app.isPackaged ? [] : [join(__dirname, 'main.cjs')]),
            ],
          }
        : null,
    updates: (feedUrl) => createUpdates({ updater: electronAutoUpdater(), dialog, feedUrl }),
    version: appVersion(),
    describeError: describeStartupError,
  },
);

// `npm start` counts an exit before this file exists as a failed start and falls back to headless.
announceReady(desktop, process.env.TONTILL_DESKTOP_READY_FILE, writeFileSync).catch((err: unknown) =>
  console.error(`could not tell npm start the app is up: ${(err as Error).message}`),
);

// Ctrl+C in the terminal that ran `npm start` quits like the menu does, closing the database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
