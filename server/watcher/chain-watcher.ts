import type { AssetCode } from '../../contract/asset';
import type { Address, ChainSource, Transaction, TxCursor } from '../chain/types';
import { abortableSleep, nextBackoffMs } from '../chain/backoff';
import { classifyChainError } from '../chain/toncenter-source';
import type { StreamStatus, WakeHint } from '../chain/toncenter-stream';
import { cursorOf } from '../chain/tx-position';
import { fetchNewTransactions } from './transaction-poller';
import { createChase, createWakeableSleep, type WakeupChannel } from './wakeups';

export interface WatcherStatus {
  running: boolean;
  /** epoch milliseconds */
  lastPollAt: number | null;
  lastSuccessAt: number | null;
  /** now minus the utime of the newest transaction seen; null before the first one */
  lagSeconds: number | null;
  consecutiveErrors: number;
  /** message only: sources keep secrets out of their messages */
  lastError: string | null;
  cursor: TxCursor | null;
  /** the stream that wakes the loop; null without one (sandbox mode, or streaming disabled) */
  stream: StreamStatus | null;
}

/** Structurally compatible with pino / Fastify's logger. */
export interface WatcherLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface ChainWatcherOptions {
  source: ChainSource;
  account: Address;
  loadCursor: () => Promise<TxCursor | null> | TxCursor | null;
  /**
   * Must credit the transactions and store the cursor atomically (one unit of work), and only if the
   * stored cursor is still `previous`: chunks are handed over before the one ahead of them is on
   * disk, and one that failed must stop those queued behind it.
   */
  commitBatch: (transactions: Transaction[], cursor: TxCursor, previous: TxCursor | null) => Promise<void> | void;
  intervalMs: number;
  pageSize?: number;
  maxBatch?: number;
  maxBackoffMs?: number;
  /** epoch milliseconds */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  log?: WatcherLogger;
  /** opened with the watcher, started and stopped with its loop */
  wakeups?: WakeupChannel;
}

export interface ChainWatcher {
  start(): void;
  /** Stops the loop and waits for an in-flight poll to finish. */
  stop(): Promise<void>;
  /** Polls once, after any poll already running; rejects with the poll's error. */
  pollNow(): Promise<number>;
  /**
   * While the loop runs: polls as soon as possible. Cuts the sleep between polls, but not an error
   * backoff while the last poll failed; wakes during a poll coalesce into one more poll after it.
   * `hint.lt` names a transaction the poll should reach: if it does not, the loop polls again shortly.
   */
  wake(hint?: WakeHint): void;
  status(): WatcherStatus;
  /** each watched account's own status, when the watcher covers several (the USDT jetton wallet, the store's wallet) */
  accounts?(): AccountWatcherStatus[];
}

export interface AccountWatcherStatus extends WatcherStatus {
  asset: AssetCode;
  /** the account, friendly form */
  address: string;
}

const DEFAULTS = { pageSize: 50, maxBatch: 500, maxBackoffMs: 300_000 };

interface PollState {
  lastPollAt: number | null;
  lastSuccessAt: number | null;
  consecutiveErrors: number;
  lastError: string | null;
  cursor: TxCursor | null;
  newestUtime: number | null;
}

/**
 * Commits oldest -> newest in chunks, so that a long catch-up survives a crash with most of its
 * progress stored. Two chunks are in flight: one is credited while the disk confirms the one before
 * it. Each names the cursor it follows, so a chunk that fails stops the one queued behind it.
 */
export async function commitInChunks(
  transactions: readonly Transaction[],
  start: TxCursor | null,
  maxBatch: number,
  commitBatch: ChainWatcherOptions['commitBatch'],
  committed: (last: Transaction, cursor: TxCursor) => void,
): Promise<void> {
  const pending: Array<Promise<void>> = [];
  let previous = start;
  try {
    for (let i = 0; i < transactions.length; i += maxBatch) {
      const chunk = transactions.slice(i, i + maxBatch);
      const last = chunk[chunk.length - 1] as Transaction;
      const [cursor, follows] = [cursorOf(last), previous];
      pending.push((async () => commitBatch(chunk, cursor, follows))().then(() => committed(last, cursor)));
      previous = cursor;
      if (pending.length > 1) await pending.shift();
    }
    while (pending.length > 0) await pending.shift();
  } finally {
    await Promise.allSettled(pending);
  }
}

/** One poll = fetch everything new, then commit it oldest -> newest in chunks. */
function createPoller(options: ChainWatcherOptions, now: () => number) {
  const { source, account, loadCursor, commitBatch, log } = options;
  const { pageSize = DEFAULTS.pageSize, maxBatch = DEFAULTS.maxBatch } = options;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('maxBatch must be a positive integer');
  const state: PollState = {
    lastPollAt: null,
    lastSuccessAt: null,
    consecutiveErrors: 0,
    lastError: null,
    cursor: null,
    newestUtime: null,
  };

  async function fetchAndCommit(): Promise<number> {
    const start = await loadCursor();
    state.cursor = start;
    const { transactions } = await fetchNewTransactions(source, account, start, { pageSize });
    await commitInChunks(transactions, start, maxBatch, commitBatch, (last, cursor) => {
      state.cursor = cursor;
      state.newestUtime = last.now;
    });
    if (transactions.length > 0) {
      log?.info({ count: transactions.length, lt: state.cursor?.lt.toString() }, 'chain transactions committed');
    }
    return transactions.length;
  }

  async function poll(): Promise<number> {
    state.lastPollAt = now();
    try {
      const committed = await fetchAndCommit();
      state.lastSuccessAt = now();
      state.consecutiveErrors = 0;
      state.lastError = null;
      return committed;
    } catch (err) {
      state.consecutiveErrors += 1;
      state.lastError = err instanceof Error ? err.message : String(err);
      const fields = {
        kind: classifyChainError(err),
        consecutiveErrors: state.consecutiveErrors,
        error: state.lastError,
      };
      log?.warn(fields, 'chain poll failed');
      throw err;
    }
  }

  return { state, poll };
}

export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const { intervalMs, now = Date.now, sleep = abortableSleep, random = Math.random, wakeups } = options;
  const { maxBackoffMs = Math.max(DEFAULTS.maxBackoffMs, intervalMs) } = options;
  const safetyMs = Math.max(intervalMs, wakeups?.safetyIntervalMs ?? intervalMs);
  const { state, poll } = createPoller(options, now);
  const chase = createChase();
  const rest = createWakeableSleep(sleep, () => state.consecutiveErrors > 0);
  let running = false;
  let loop: Promise<void> | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  function pollNow(): Promise<number> {
    const run = tail.then(poll);
    tail = run.catch(() => undefined);
    return run;
  }

  function wake(hint?: WakeHint): void {
    if (!running) return;
    const lt = hint?.lt ?? null;
    // toncenter repeats events as their finality advances: one about a committed transaction needs no poll
    if (lt !== null && state.cursor && lt <= state.cursor.lt) return;
    if (lt !== null) chase.aim(lt);
    rest.wake();
  }
  const stream = wakeups?.open(wake, options.log) ?? null;

  /** One poll, then how long to sleep: an error backoff, a chase after an event, or the interval. */
  async function pollOnce(): Promise<number> {
    try {
      await pollNow();
    } catch {
      return nextBackoffMs(state.consecutiveErrors, { baseMs: intervalMs, maxMs: maxBackoffMs, random });
    }
    const idle = stream?.status().connected ? safetyMs : intervalMs;
    return Math.min(chase.next(state.cursor?.lt ?? null) ?? idle, idle);
  }

  async function runLoop(): Promise<void> {
    while (running) {
      rest.forgetWakes();
      const ms = await pollOnce();
      if (!running) return;
      await rest.sleep(ms);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stream?.start();
      loop = runLoop();
    },
    async stop() {
      running = false;
      rest.cancel();
      await stream?.stop();
      await loop;
      loop = null;
      await tail;
    },
    pollNow,
    wake,
    status: () => snapshot(state, running, now(), stream?.status() ?? null),
  };
}

function snapshot(state: PollState, running: boolean, nowMs: number, stream: StreamStatus | null): WatcherStatus {
  const { lastPollAt, lastSuccessAt, consecutiveErrors, lastError, cursor, newestUtime } = state;
  const lagSeconds = newestUtime === null ? null : Math.max(0, Math.floor(nowMs / 1000) - newestUtime);
  return {
    running,
    lastPollAt,
    lastSuccessAt,
    lagSeconds,
    consecutiveErrors,
    lastError,
    cursor: cursor && { ...cursor },
    stream,
  };
}
