import { setTimeout as delay } from 'node:timers/promises';
import { exponentialDelayMs } from '../util/backoff';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** uniform in [0, 1); injectable so tests are deterministic */
  random: () => number;
}

/**
 * Delay before retry number `attempt` (1 = first retry): exponential growth capped at maxMs,
 * with full jitter so that many clients hitting the same 429 do not retry in lockstep.
 */
export function nextBackoffMs(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  return Math.floor(random() * exponentialDelayMs(attempt, baseMs, maxMs));
}

/** A sleep that a loop's stop or wake can cut short: the watcher's and the stream's default. */
export async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => undefined);
}

/** Sleeps `ms` or until `signal` aborts, whichever comes first, even if an injected `sleep` ignores the signal. */
export function interruptible(
  sleep: (ms: number, signal: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done);
    sleep(ms, signal).then(done, done);
  });
}
