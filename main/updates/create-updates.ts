import { checkFeedUrl } from './feed-url';
import type { TimerHandle, TimersPort, UpdaterPort, UpdateState, UpdatesDialogPort } from './updater-port';

/** Checked on start, then once a day while the app runs (a till runs for weeks). */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface UpdatesDeps {
  updater: UpdaterPort;
  dialog: UpdatesDialogPort;
  /** the owner's feed from the desktop preferences (`updates.feedUrl`), read at every check; null when none is set */
  feedUrl(): string | null;
  timers?: TimersPort;
  log?: (message: string) => void;
  /** every state change, for whoever shows it (tray, settings) */
  onState?: (state: UpdateState) => void;
}

export interface Updates {
  /** the first check now, then daily; never throws, failures become the `error` state */
  start(): void;
  check(): Promise<void>;
  stop(): void;
  state(): UpdateState;
  /** Asked by the quit sequence before the service closes: with an update downloaded, the owner decides. */
  onQuit(): Promise<'install' | 'skip'>;
  /** After the service has closed: hands over to the installer, which quits and restarts TonTill. False if it could not. */
  install(): boolean;
}

/** electron-updater's messages carry the response headers and a stack after the first line. */
const errorMessage = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();

class UpdateController implements Updates {
  private current: UpdateState = { state: 'idle', message: 'not checked yet' };
  private feed: string | null = null;
  private timer: TimerHandle | null = null;
  private readonly timers: TimersPort;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: UpdatesDeps) {
    this.timers = deps.timers ?? {
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
    };
    this.log = deps.log ?? ((message) => console.error(message));
    const { updater } = deps;
    // Downloads are started here, so a failed one is caught; nothing installs without the owner's yes.
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.on('update-available', (info) => this.set({ state: 'downloading', version: info.version, percent: 0 }));
    updater.on('download-progress', (progress) => {
      if (this.current.state === 'downloading') this.set({ ...this.current, percent: Math.floor(progress.percent) });
    });
    updater.on('update-downloaded', (info) => {
      this.log(`update ${info.version} downloaded and verified; it installs when the owner agrees at quit`);
      this.set({ state: 'ready', version: info.version });
    });
    updater.on('error', (err) => this.fail(err));
  }

  start(): void {
    if (this.timer) return;
    this.timer = this.timers.setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    // The daily check must never keep the process alive on its own.
    this.timer.unref();
    void this.check();
  }

  stop(): void {
    if (this.timer) this.timers.clearInterval(this.timer);
    this.timer = null;
  }

  state(): UpdateState {
    return { ...this.current };
  }

  async check(): Promise<void> {
    // One at a time; a downloaded update waits for the owner instead of being replaced.
    if (['checking', 'downloading', 'ready'].includes(this.current.state)) return;
    const raw = this.deps.feedUrl()?.trim();
    if (!raw) return this.set({ state: 'idle', message: 'no update feed configured' });
    const feed = checkFeedUrl(raw);
    if (!feed.ok) return this.fail(new Error(feed.reason));
    if (feed.url !== this.feed) {
      this.deps.updater.setFeedURL({ provider: 'generic', url: feed.url });
      this.feed = feed.url;
    }
    this.set({ state: 'checking' });
    try {
      const result = await this.deps.updater.checkForUpdates();
      if (!result) return this.set({ state: 'idle', message: 'updates run only in the installed app' });
      if (!result.isUpdateAvailable)
        return this.set({ state: 'idle', message: `up to date (the feed offers ${result.updateInfo.version})` });
      if (this.current.state !== 'downloading')
        this.set({ state: 'downloading', version: result.updateInfo.version, percent: 0 });
      await this.deps.updater.downloadUpdate();
    } catch (err) {
      this.fail(err);
    }
  }

  async onQuit(): Promise<'install' | 'skip'> {
    const { state, version } = this.current;
    if (state !== 'ready' || !version) return 'skip';
    try {
      const { response } = await this.deps.dialog.showMessageBox({
        type: 'question',
        title: 'Update ready',
        message: `TonTill ${version} is ready. Install it now?`,
        detail: 'TonTill will restart.',
        buttons: ['Install', 'Later'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      });
      return response === 0 ? 'install' : 'skip';
    } catch (err) {
      this.log(`the update question could not be shown: ${errorMessage(err)}`);
      return 'skip';
    }
  }

  install(): boolean {
    if (this.current.state !== 'ready') return false;
    this.stop();
    try {
      // Silent (the owner already said yes) and run after: Windows' assisted installer would
      // otherwise show its wizard. electron-updater quits the app itself once the installer runs.
      this.deps.updater.quitAndInstall(true, true);
    } catch (err) {
      this.fail(err);
    }
    // electron-updater reports a failed hand-over as an 'error' event, without throwing.
    return this.current.state === 'ready';
  }

  private set(state: UpdateState): void {
    this.current = state;
    this.deps.onState?.(this.state());
  }

  /** electron-updater both emits 'error' and rejects: one failure, logged once. */
  private fail(err: unknown): void {
    const message = errorMessage(err);
    if (this.current.state === 'error' && this.current.message === message) return;
    this.log(`update failed: ${message}`);
    this.set({ state: 'error', message });
  }
}

/** Self-updates from the owner's generic HTTPS feed; no feed, no network traffic. */
export function createUpdates(deps: UpdatesDeps): Updates {
  return new UpdateController(deps);
}

/**
 * The tail of the quit sequence, for the app's before-quit handler: ask first (the window is still
 * up), then close the service, then either hand over to the installer or quit as usual. A failed
 * close still quits; the installer's own quit comes back through before-quit, which must let it pass.
 */
export async function quitThroughUpdates(
  updates: Pick<Updates, 'onQuit' | 'install'>,
  steps: { closeService(): Promise<void>; quit(): void },
): Promise<void> {
  const choice = await updates.onQuit();
  try {
    await steps.closeService();
  } finally {
    if (!(choice === 'install' && updates.install())) steps.quit();
  }
}
