import { join } from 'node:path';
import type { ServiceState } from '../service/service-port';
import type { ElectronPort, MenuItemTemplate, TrayPort } from './electron-port';

/** How often the tray reads the service's state; a few seconds is soon enough for a glance. */
export const TRAY_POLL_MS = 5_000;

const STATE_WORDS: Record<ServiceState, string> = {
  running: 'Running: watching for payments',
  degraded: 'Degraded: the chain watcher is not up to date',
  stopped: 'Stopped: not watching for payments',
};

export const trayToolTip = (state: ServiceState): string => `TonTill: ${STATE_WORDS[state]}`;

export interface TrayActions {
  openConsole(): void;
  setOpenAtLogin(openAtLogin: boolean): void;
  quit(): void;
}

/** The tray's menu: the state as a disabled first line, then what the owner can do. */
export function trayMenuTemplate(state: ServiceState, openAtLogin: boolean, actions: TrayActions): MenuItemTemplate[] {
  return [
    { label: STATE_WORDS[state], enabled: false },
    { type: 'separator' },
    { label: 'Open console', click: () => actions.openConsole() },
    {
      label: 'Start TonTill when I log in',
      type: 'checkbox',
      checked: openAtLogin,
      click: (item) => actions.setOpenAtLogin(item.checked),
    },
    { type: 'separator' },
    { label: 'Quit', click: () => actions.quit() },
  ];
}

/** The icon beside main.cjs (scripts/build-desktop.ts copies it): macOS gets its menu-bar template. */
export const trayIconPath = (dir: string, platform: NodeJS.Platform): string =>
  join(dir, platform === 'darwin' ? 'trayTemplate.png' : 'tray-icon.png');

export interface TrayController {
  /** reads the state and the login item again and redraws if either changed */
  refresh(): void;
  stop(): void;
}

export interface TrayDeps extends TrayActions {
  iconPath: string;
  state(): ServiceState;
  openAtLogin(): boolean;
  pollMs?: number;
}

/** One tray icon for the app's life, redrawn when the service's state changes (polled, unref'd). */
export function createTray(electron: Pick<ElectronPort, 'Tray' | 'Menu'>, deps: TrayDeps): TrayController {
  const tray: TrayPort = new electron.Tray(deps.iconPath);
  let shown: string | null = null;
  const refresh = () => {
    const state = deps.state();
    const openAtLogin = deps.openAtLogin();
    const key = `${state} ${openAtLogin}`;
    if (key === shown) return;
    shown = key;
    tray.setToolTip(trayToolTip(state));
    tray.setContextMenu(electron.Menu.buildFromTemplate(trayMenuTemplate(state, openAtLogin, deps)));
  };
  // Windows and Linux open the window on a click; macOS shows the menu instead.
  tray.on('click', () => deps.openConsole());
  refresh();
  const timer = setInterval(refresh, deps.pollMs ?? TRAY_POLL_MS);
  timer.unref();
  return { refresh, stop: () => clearInterval(timer) };
}
