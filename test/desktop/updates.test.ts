// main/updates with a fake updater port and a fake clock: when it checks, what it asks at quit,
// and that failures become state instead of exceptions. updates-real.test.ts runs the real
// electron-updater against a loopback feed.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  createUpdates,
  quitThroughUpdates,
  type UpdatesDeps,
} from '../../main/updates/create-updates';
import type {
  GenericFeed,
  TimerHandle,
  TimersPort,
  UpdatesDialogPort,
  UpdaterPort,
} from '../../main/updates/updater-port';

type CheckResult = Awaited<ReturnType<UpdaterPort['checkForUpdates']>>;

/** Plays electron-updater: each check answers what the test queued, events are fired by the test. */
class FakeUpdater extends EventEmitter implements UpdaterPort {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  feeds: GenericFeed[] = [];
  next: () => Promise<CheckResult> = async () => ({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } });
  readonly checkForUpdates = vi.fn(() => this.next());
  readonly downloadUpdate = vi.fn(async () => []);
  readonly quitAndInstall = vi.fn();

  setFeedURL(options: GenericFeed): void {
    this.feeds.push(options);
  }

  offer(version: string): void {
    this.next = async () => ({ isUpdateAvailable: true, updateInfo: { version } });
    this.downloadUpdate.mockImplementationOnce(async () => {
      this.emit('update-available', { version });
      this.emit('download-progress', { percent: 42.5 });
      this.emit('update-downloaded', { version });
      return [];
    });
  }
}

/** A clock that moves only when the test says so. */
class FakeTimers implements TimersPort {
  now = 0;
  readonly intervals = new Set<{ callback: () => void; ms: number; due: number; unref: ReturnType<typeof vi.fn> }>();

  setInterval(callback: () => void, ms: number): TimerHandle {
    const timer = { callback, ms, due: this.now + ms, unref: vi.fn() };
    this.intervals.add(timer);
    return timer;
  }

  clearInterval(handle: TimerHandle): void {
    this.intervals.delete(handle as never);
  }

  advance(ms: number): void {
    this.now += ms;
    for (const timer of this.intervals) {
      while (timer.due <= this.now) {
        timer.due += timer.ms;
        timer.callback();
      }
    }
  }
}

function setup(feed: string | null, answer = 1) {
  const updater = new FakeUpdater();
  const timers = new FakeTimers();
  const dialog = { showMessageBox: vi.fn<UpdatesDialogPort['showMessageBox']>(async () => ({ response: answer })) };
  const log = vi.fn<(message: string) => void>();
  const deps: UpdatesDeps = { updater, timers, dialog, log, feedUrl: () => feed };
  return { updater, timers, dialog, log, updates: createUpdates(deps) };
}

describe('self-updates', () => {
  it('with no feed configured it never checks, and says why', async () => {
    const { updater, updates, timers } = setup(null);
    updates.start();
    timers.advance(3 * CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(updates.state()).toEqual({ state: 'idle', message: 'no update feed configured' }));
    expect(updater.feeds).toEqual([]);
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('with an https feed it sets a generic provider, checks on start, never installs on its own', async () => {
    const { updater, updates, timers } = setup('https://updates.example-shop.com/tontill/');
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.autoDownload).toBe(false);
    updates.start();
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://updates.example-shop.com/tontill/' }]);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(updates.state()).toMatchObject({ state: 'idle', message: 'up to date (the feed offers 0.1.0)' }),
    );
    // The daily timer never keeps the process alive by itself.
    expect([...timers.intervals].map((t) => [t.ms, t.unref.mock.calls.length])).toEqual([[CHECK_INTERVAL_MS, 1]]);
  });

  it('checks again a day later, and not before; stop() ends the daily checks', async () => {
    const { updater, updates, timers } = setup('https://updates.example-shop.com/');
    updates.start();
    await vi.waitFor(() => expect(updates.state().state).toBe('idle'));
    timers.advance(CHECK_INTERVAL_MS - 1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    timers.advance(1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(updates.state().state).toBe('idle'));
    updates.stop();
    timers.advance(5 * CHECK_INTERVAL_MS);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    // The feed was set once; it is only set again when the owner changes it.
    expect(updater.feeds).toHaveLength(1);
  });

  it('downloads a newer version in the background, then asks at quit', async () => {
    const { updater, updates, dialog } = setup('https://updates.example-shop.com/');
    updater.offer('0.2.0');
    updates.start();
    await vi.waitFor(() => expect(updates.state()).toEqual({ state: 'ready', version: '0.2.0' }));
    expect(updater.downloadUpdate).toHaveBeenCalledTimes(1);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(await updates.onQuit()).toBe('skip');
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'question',
        message: 'TonTill 0.2.0 is ready. Install it now?',
        detail: 'TonTill will restart.',
        buttons: ['Install', 'Later'],
        defaultId: 0,
        cancelId: 1,
      }),
    );
  });

  it('reports each state change as the download goes', async () => {
    const updater = new FakeUpdater();
    const states: unknown[] = [];
    updater.offer('0.2.0');
    const updates = createUpdates({
      updater,
      timers: new FakeTimers(),
      dialog: { showMessageBox: async () => ({ response: 1 }) },
      log: () => undefined,
      feedUrl: () => 'https://u.example.com/',
      onState: (s) => states.push(s),
    });
    await updates.check();
    expect(states).toEqual([
      { state: 'checking' },
      { state: 'downloading', version: '0.2.0', percent: 0 },
      { state: 'downloading', version: '0.2.0', percent: 0 },
      { state: 'downloading', version: '0.2.0', percent: 42 },
      { state: 'ready', version: '0.2.0' },
    ]);
  });

  it('Install: the service closes first, then quitAndInstall runs, and the app does not quit on its own', async () => {
    const { updater, updates } = setup('https://updates.example-shop.com/', 0);
    updater.offer('0.2.0');
    await updates.check();
    const order: string[] = [];
    updater.quitAndInstall.mockImplementation(() => order.push('quitAndInstall'));
    await quitThroughUpdates(updates, {
      closeService: async () => {
        order.push('service closed');
      },
      quit: () => order.push('quit'),
    });
    expect(order).toEqual(['service closed', 'quitAndInstall']);
    expect(updater.quitAndInstall).toHaveBeenCalledWith(true, true);
  });

  it('Later: a plain quit after the service closed, and the question comes back at the next quit', async () => {
    const { updater, updates, dialog } = setup('https://updates.example-shop.com/', 1);
    updater.offer('0.2.0');
    await updates.check();
    for (const _ of [1, 2]) {
      const order: string[] = [];
      await quitThroughUpdates(updates, {
        closeService: async () => {
          order.push('service closed');
        },
        quit: () => order.push('quit'),
      });
      expect(order).toEqual(['service closed', 'quit']);
    }
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(2);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(updates.state()).toEqual({ state: 'ready', version: '0.2.0' });
  });

  it('with nothing downloaded, quitting asks nothing', async () => {
    const { updates, dialog } = setup('https://updates.example-shop.com/', 0);
    await updates.check();
    const quit = vi.fn();
    await quitThroughUpdates(updates, { closeService: async () => undefined, quit });
    expect(quit).toHaveBeenCalledTimes(1);
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('an installer that cannot start (reported as an error event) falls back to a plain quit', async () => {
    const { updater, updates } = setup('https://updates.example-shop.com/', 0);
    updater.offer('0.2.0');
    await updates.check();
    updater.quitAndInstall.mockImplementation(() => updater.emit('error', new Error('No update filepath provided')));
    const quit = vi.fn();
    await quitThroughUpdates(updates, { closeService: async () => undefined, quit });
    expect(quit).toHaveBeenCalledTimes(1);
    expect(updates.state()).toEqual({ state: 'error', message: 'No update filepath provided' });
  });

  it('an error event or a failed check becomes the error state with its message, logged once, never thrown', async () => {
    const { updater, updates, log, timers } = setup('https://updates.example-shop.com/');
    const failure = new Error('net::ERR_NAME_NOT_RESOLVED');
    // electron-updater emits 'error' and also rejects the check's promise.
    updater.next = async () => {
      updater.emit('error', failure);
      throw failure;
    };
    expect(() => updates.start()).not.toThrow();
    await vi.waitFor(() => expect(updates.state()).toEqual({ state: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' }));
    expect(log.mock.calls.filter(([m]) => m.includes('ERR_NAME_NOT_RESOLVED'))).toHaveLength(1);
    // A bad checksum found while downloading arrives as an event only.
    updater.emit('error', new Error('sha512 checksum mismatch, expected abc, got def'));
    expect(updates.state()).toEqual({ state: 'error', message: 'sha512 checksum mismatch, expected abc, got def' });
    // The next day's check tries again.
    updater.next = async () => ({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } });
    timers.advance(CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(updates.state().state).toBe('idle'));
  });

  it('refuses a feed that is not https (or carries credentials): error state, no provider set, no check', async () => {
    for (const [feed, message] of [
      ['http://updates.example-shop.com/', 'the update feed must be an https:// URL, not http://'],
      ['file:///tmp/feed', 'the update feed must be an https:// URL, not file://'],
      ['updates.example-shop.com', 'the update feed is not a URL: updates.example-shop.com'],
      ['https://owner:secret@updates.example-shop.com/', 'the update feed URL must not carry a user name or password'],
    ] as const) {
      const { updater, updates, log } = setup(feed);
      updates.start();
      expect(updates.state(), feed).toEqual({ state: 'error', message });
      expect(updater.feeds).toEqual([]);
      expect(updater.checkForUpdates).not.toHaveBeenCalled();
      expect(log.mock.calls.join('\n')).not.toContain('secret');
    }
  });

  it('reads the feed at every check, so a feed the owner sets later is used the next day', async () => {
    let feed: string | null = null;
    const updater = new FakeUpdater();
    const timers = new FakeTimers();
    const updates = createUpdates({
      updater,
      timers,
      dialog: { showMessageBox: async () => ({ response: 1 }) },
      log: () => undefined,
      feedUrl: () => feed,
    });
    updates.start();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    feed = 'https://updates.example-shop.com/';
    timers.advance(CHECK_INTERVAL_MS);
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://updates.example-shop.com/' }]);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
  });
});
