/**
 * The slices of electron-updater, Electron's dialog and the timers that main/updates uses, as
 * structural types: `electron-updater.ts` hands over the real `autoUpdater` (so the compiler checks
 * it against UpdaterPort), and tests pass fakes or a real AppImageUpdater built without Electron.
 */

/** A generic provider: `latest.yml`, `latest-mac.yml` or `latest-linux.yml` and the files it names, under `url`. */
export interface GenericFeed {
  provider: 'generic';
  url: string;
}

export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: GenericFeed): void;
  /** null when the updater is inactive (an unpackaged app, a Linux build that is not an AppImage) */
  checkForUpdates(): Promise<{ readonly isUpdateAvailable: boolean; readonly updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Electron's dialog.showMessageBox, with the options the install question uses. */
export interface UpdatesDialogPort {
  showMessageBox(options: {
    type: 'question';
    title: string;
    message: string;
    detail: string;
    buttons: string[];
    defaultId: number;
    cancelId: number;
    noLink: boolean;
  }): Promise<{ response: number }>;
}

export interface TimerHandle {
  unref(): unknown;
}

/** setInterval/clearInterval: Node's globals in the app, a fake clock in tests. */
export interface TimersPort {
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** Declared in the wire contract: the Desktop app section shows it over IPC. */
export type { UpdatePhase, UpdateState } from '../../contract/desktop';
