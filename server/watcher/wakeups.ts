import { interruptible } from '../chain/backoff';
import type { StreamLogger, TransactionStream, WakeHint } from '../chain/toncenter-stream';

/**
 * What tells the watcher to poll between its timed polls (toncenter's stream). Its events are
 * wake-ups only: the poll and its cursor stay the one source of truth, so an event dropped,
 * repeated or out of order changes when a poll runs, never what it commits.
 */
export interface WakeupChannel {
  /** the poll interval while connected (never shorter than the watcher's own): a safety net for dropped events */
  safetyIntervalMs: number;
  /** Called once per watcher; `wake` on every event, (re)connect and disconnect. Started and stopped with the loop. */
  open(wake: (hint?: WakeHint) => void, log?: StreamLogger): TransactionStream;
}

const CHASE = { firstMs: 50, maxMs: 2_000, tries: 8 };

/**
 * The stream can run ahead of the node the poll asks (a separate pipeline at toncenter): an event's
 * transaction may not be served yet. After a poll that fell short of the highest lt an event
 * named, the watcher polls again after 50, 100, 200 … ms, a bounded number of times, then leaves
 * the rest to its timed polls.
 */
export function createChase() {
  let target: bigint | null = null;
  let attempts = 0;
  return {
    aim(lt: bigint): void {
      if (target !== null && lt <= target) return;
      target = lt;
      attempts = 0;
    },
    /** After a successful poll that reached `head`: ms until the next poll, or null when nothing is left to chase. */
    next(head: bigint | null): number | null {
      if (target === null) return null;
      if ((head !== null && head >= target) || attempts >= CHASE.tries) {
        target = null;
        return null;
      }
      attempts += 1;
      return Math.min(CHASE.maxMs, CHASE.firstMs * 2 ** (attempts - 1));
    },
  };
}

/**
 * The loop's sleep between polls. A wake cuts it short while the last poll succeeded; after a failed
 * one the sleep is an error backoff, which a wake must not cut (it would hammer a failing server),
 * until a poll from elsewhere (pollNow) succeeds. A wake during a poll makes the next sleep end at
 * once, so any number of wakes during one poll cause exactly one more poll.
 */
export function createWakeableSleep(
  sleep: (ms: number, signal: AbortSignal) => Promise<void>,
  lastPollFailed: () => boolean,
) {
  let nap: AbortController | null = null;
  let woken = false;
  return {
    wake(): void {
      woken = true;
      if (!lastPollFailed()) nap?.abort();
    },
    /** Called as a poll begins: it covers every wake before it. */
    forgetWakes(): void {
      woken = false;
    },
    async sleep(ms: number): Promise<void> {
      if (woken && !lastPollFailed()) return;
      const controller = new AbortController();
      nap = controller;
      // cancel() and wakes abort the signal
      await interruptible(sleep, ms, controller.signal);
      nap = null;
    },
    /** stop(): ends the sleep now, backoff or not. */
    cancel(): void {
      nap?.abort();
    },
  };
}
