import { dirname } from 'node:path';
import type { SavePreferencesResult, UpdateState } from '../../contract/desktop';
import { createIpcHandlers } from '../ipc/handlers';
import { registerIpcHandlers } from '../ipc/register-ipc';
import { printReceipt } from '../print/print-receipt';
import { hiddenWindowOpener, type PrintWindowConstructor } from '../print/print-window';
import { CONSOLE_PARTITION, consoleLoginUrl, originOf } from '../security/console-url';
import { openExternalUrl } from '../security/open-external-url';
import { createSessionKeeper } from '../service/console-session';
import type { ServicePort, ServiceState } from '../service/service-port';
import { createConsoleWindow, type ConsoleWindow } from './console-window';
import { createNotifier } from './desktop-notifier';
import type { BrowserWindowPort, ElectronPort } from './electron-port';
import { hardenWebContents, installPermissionHandlers } from './harden-contents';
import { createLoginItem, wasStartedAtLogin, type LinuxAutostart, type LoginItem } from './login-item';
import { createPreferencesStore, type PreferencesStore } from './preferences-store';
import { createTray, trayIconPath, type TrayController } from './tray';
import { quitThroughUpdates, type Updates } from '../updates/create-updates';

export interface DesktopDeps {
  /** starts the service in-process on 127.0.0.1, its data under `userDataDir` */
  startService(userDataDir: string): Promise<ServicePort>;
  preloadPath: string;
  /** where the tray icons are; defaults to the preload's folder (dist/desktop) */
  iconDir?: string;
  /** the app's command line: `--hidden` (the login item's flag) starts it in the tray */
  argv?: readonly string[];
  /** on Linux, where the login item is an XDG autostart entry; null elsewhere (Electron's login item) */
  linuxAutostart?: LinuxAutostart | null;
  /** how often the tray reads the service's state */
  trayPollMs?: number;
  /** self-updates from the owner's feed (main/updates); none in tests that do not exercise them */
  updates?: (feedUrl: () => string | null) => Updates;
  /** Electron's BrowserWindow as the hidden window receipts print from (main/index.ts); none in tests that do not print */
  printWindow?: PrintWindowConstructor;
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

/** The owner's desktop preferences, with the login item as the OS reports it and applied when changed. */
interface Preferences {
  get: () => ReturnType<PreferencesStore['current']>;
  save(input: unknown): SavePreferencesResult;
  setOpenAtLogin(openAtLogin: boolean): void;
}

function desktopPreferences(
  store: PreferencesStore,
  loginItem: LoginItem,
  changed: (feedChanged: boolean) => void,
): Preferences {
  const save = (input: unknown): SavePreferencesResult => {
    const feedBefore = store.current().updates.feedUrl;
    const result = store.save(input);
    if (result.ok && result.preferences.openAtLogin !== loginItem.isEnabled())
      loginItem.set(result.preferences.openAtLogin);
    changed(result.ok && result.preferences.updates.feedUrl !== feedBefore);
    return result;
  };
  return {
    get: () => ({ ...store.current(), openAtLogin: loginItem.isEnabled() }),
    save,
    setOpenAtLogin: (openAtLogin) => void save({ ...store.current(), openAtLogin }),
  };
}

/** Once the service listens: IPC answers the window, keeping its session alive in the window's own cookie jar. */
function connectConsole(
  electron: ElectronPort,
  deps: DesktopDeps,
  service: ServicePort,
  window: ConsoleWindow,
  preferences: Preferences,
  updates: Updates | null,
): void {
  registerIpcHandlers(
    electron.ipcMain,
    createIpcHandlers({
      sessionToken: createSessionKeeper(service, electron.session.fromPartition(CONSOLE_PARTITION).cookies),
      serviceUrl: () => service.url,
      openExternal: (url) => electron.shell.openExternal(url),
      version: deps.version ?? electron.app.getVersion(),
      dataDir: service.dataDir,
      preferences,
      updateState: () => updates?.state() ?? NOT_UPDATING,
      printReceipt: (input) =>
        printReceipt(input, { serviceUrl: () => service.url, openHiddenWindow: openPrintWindow(deps.printWindow) }),
    }),
    window.contentsId,
    () => originOf(service.url),
  );
}

const openPrintWindow = (printWindow: PrintWindowConstructor | undefined) =>
  printWindow
    ? hiddenWindowOpener(printWindow)
    : () => Promise.reject(new Error('printing is not available in this build'));

/**
 * The whole main process, with electron injected so tests can drive it with a fake. Returns null
 * in a second instance, which hands over to the first (it shows its window) and quits.
 *
 * Closing the window never stops the shop: the service (HTTP, watcher, webhooks) runs on in the
 * tray until the tray's Quit, the app menu's Quit or a signal, all of which go through handleQuit.
 */
export function createDesktopApp(electron: ElectronPort, deps: DesktopDeps): DesktopApp | null {
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const log = deps.log ?? ((message: string) => console.error(message));
  const openExternal = (url: string) => void openExternalUrl(url, (u) => electron.shell.openExternal(u));
  const store = createPreferencesStore(app.getPath('userData'));
  let service: ServicePort | null = null;
  let tray: TrayController | null = null;
  let isQuitting = false;
  let stopped = false;
  const updates = deps.updates?.(() => store.current().updates.feedUrl) ?? null;
  const preferences = desktopPreferences(store, createLoginItem(app, deps.linuxAutostart ?? null), (feedChanged) => {
    tray?.refresh();
    // A feed the owner just set is tried now, not at tomorrow's check.
    if (feedChanged) void updates?.check();
  });
  const serviceOrigin = () => originOf(service?.url ?? null);
  const showConsole = (route: string | null = null) => {
    if (!service || isQuitting) return;
    window.show(route).catch((err: unknown) => log(`console window failed to open: ${(err as Error).message}`));
  };
  const notifier = createNotifier(electron, { prefs: () => store.current().notifications, openConsole: showConsole });
  const window = createConsoleWindow(electron, {
    preloadPath: deps.preloadPath,
    serviceOrigin,
    openExternal,
    log,
    // Signs in exactly as a browser does: a one-time link the service trades for its session cookie.
    startUrl: async () => consoleLoginUrl(service!.url, await service!.createLoginToken()),
    consoleUrl: () => `${service!.url}/console/`,
    onClosed: () => {
      if (!isQuitting) trayHintOnce(store, notifier.show, log);
    },
  });
  const state = (): ServiceState => (stopped || !service ? 'stopped' : service.status());

  const start = async (): Promise<ServicePort> => {
    await app.whenReady();
    for (const session of [electron.session.defaultSession, electron.session.fromPartition(CONSOLE_PARTITION)])
      installPermissionHandlers(session, serviceOrigin);
    const running = (service = await deps.startService(app.getPath('userData')));
    connectConsole(electron, deps, running, window, preferences, updates);
    running.onEvent((event) => notifier.onServiceEvent(event));
    running.onBackupOutcome((outcome) => notifier.onBackupOutcome(outcome));
    tray = startTray(electron, deps, { state, preferences, openConsole: () => showConsole() });
    updates?.start();
    // A quit during startup still closes the service; it just never shows a window. Started at
    // login, the app waits in the tray.
    if (!isQuitting && !wasStartedAtLogin(app, deps.argv ?? [], deps.platform ?? process.platform)) await window.open();
    return running;
  };

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, serviceOrigin, openExternal));
  app.on('second-instance', () => showConsole());
  app.on('activate', () => showConsole());
  // Listening is what stops Electron's default (quit when the last window closes): the tray keeps the app.
  app.on('window-all-closed', () => undefined);

  const starting = start();
  const ready = starting.then(
    () => undefined,
    (err: unknown) => failedToStart(electron, deps, log, err),
  );
  handleQuit(electron, starting, log, updates, {
    onQuit: () => {
      isQuitting = true;
      updates?.stop();
    },
    onStopped: () => {
      stopped = true;
      tray?.refresh();
      tray?.stop();
    },
  });
  return { ready, window: window.current, service: () => service };
}

/** One error box a merchant can act on, then quit: never a blank window. */
function failedToStart(electron: ElectronPort, deps: DesktopDeps, log: (message: string) => void, err: unknown): void {
  const message = deps.describeError ? deps.describeError(err) : (err as Error).message;
  log(`TonTill could not start: ${message}`);
  electron.dialog.showErrorBox('TonTill could not start', message);
  electron.app.quit();
}

/** The tray icon for the app's life: the state, Open console, the login item, Quit. */
function startTray(
  electron: ElectronPort,
  deps: DesktopDeps,
  parts: { state(): ServiceState; preferences: Preferences; openConsole(): void },
): TrayController {
  return createTray(electron, {
    iconPath: trayIconPath(deps.iconDir ?? dirname(deps.preloadPath), deps.platform ?? process.platform),
    state: parts.state,
    openAtLogin: () => parts.preferences.get().openAtLogin,
    pollMs: deps.trayPollMs,
    openConsole: parts.openConsole,
    setOpenAtLogin: parts.preferences.setOpenAtLogin,
    quit: () => electron.app.quit(),
  });
}

/** The first time the owner closes the window, say once that the shop is still open. */
function trayHintOnce(
  store: PreferencesStore,
  show: (title: string, body: string, target: string | null) => void,
  log: (m: string) => void,
): void {
  if (store.trayHintShown()) return;
  try {
    store.markTrayHintShown();
  } catch (err) {
    log(`could not remember the tray hint: ${(err as Error).message}`);
  }
  show(
    'TonTill is still running in the tray',
    'Payments are still watched and webhooks delivered. Quit from the tray icon.',
    null,
  );
}

/**
 * Quitting waits for the service to close: HTTP, watcher and webhook dispatcher stop and the
 * database checkpoints its WAL, so a backup copies one file. The first before-quit is held
 * (preventDefault); with an update downloaded the owner is asked first; then the service closes
 * and quit is called again (or the installer quits the app) and let through.
 */
function handleQuit(
  electron: ElectronPort,
  starting: Promise<ServicePort>,
  log: (message: string) => void,
  updates: Updates | null,
  hooks: { onQuit(): void; onStopped(): void },
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  const closeService = async () => {
    try {
      await starting.then(
        (service) => service.close(),
        () => undefined,
      );
    } catch (err) {
      log(`service did not close cleanly: ${(err as Error).message}`);
    } finally {
      // Before the installer's own quit, which must pass through here.
      state = 'closed';
      hooks.onStopped();
    }
  };
  electron.app.on('before-quit', (event) => {
    hooks.onQuit();
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void quitThroughUpdates(updates ?? NO_UPDATES, { closeService, quit: () => electron.app.quit() });
  });
}

const NO_UPDATES: Pick<Updates, 'onQuit' | 'install'> = { onQuit: async () => 'skip', install: () => false };
/** What the Desktop app section says when this app has no updater (an app started without one). */
const NOT_UPDATING: UpdateState = { state: 'idle', message: 'this app does not update itself' };
