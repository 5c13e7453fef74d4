import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * When a service counts as at rest: its event loop busy for at most `busyAtMost` of each sample, for
 * `quietMs` in a row. A sandbox watcher's poll, the expiry sweep and the timers use well under 1 %.
 * V8 shrinks its young generation at a full collection only once the last ~5 s allocated little
 * (under 1 MB/s), hence 6 s.
 */
export interface RestPolicy {
  quietMs: number;
  busyAtMost: number;
}

export const REST_POLICY: RestPolicy = { quietMs: 6_000, busyAtMost: 0.02 };

/** `armed`: there was work since memory was last given back; `quietMs`: how long the loop has been idle. */
export interface RestState {
  armed: boolean;
  quietMs: number;
}

/** A service starts armed: its own start-up is work whose memory can be given back. */
export const STARTED: RestState = { armed: true, quietMs: 0 };

/**
 * One sample of the event loop (`busy`: the fraction of the `sampleMs` it spans that it worked): whether memory is to
 * be given back now. Once per rest: only work re-arms it, so an idle service is not collected over
 * and over.
 */
export function afterSample(
  state: RestState,
  busy: number,
  sampleMs: number,
  policy: RestPolicy,
): { state: RestState; release: boolean } {
  if (busy > policy.busyAtMost) return { state: { armed: true, quietMs: 0 }, release: false };
  const quietMs = state.quietMs + sampleMs;
  if (state.armed && quietMs >= policy.quietMs) return { state: { armed: false, quietMs }, release: true };
  return { state: { armed: state.armed, quietMs }, release: false };
}

export interface AtRest {
  stop(): void;
}

/**
 * Samples the event loop every `sampleMs` and calls `release` once each time the service comes to
 * rest. What `release` itself costs is left out of the next sample, so giving memory back does not
 * count as work. Costs nothing per request: it reads the loop's own counters, never hooks requests.
 */
export function releaseAtRest(
  release: () => Promise<void>,
  onError: (err: unknown) => void,
  options: { sampleMs?: number; policy?: RestPolicy } = {},
): AtRest {
  const sampleMs = options.sampleMs ?? 1_000;
  const policy = options.policy ?? REST_POLICY;
  let state = STARTED;
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  let releasing = false;
  const timer = setInterval(() => {
    if (releasing) return;
    const sample = performance.eventLoopUtilization(since);
    const elapsedMs = sample.active + sample.idle;
    // a tick that comes late fires again at once: a window that short says nothing about the loop
    if (elapsedMs < sampleMs / 2) return;
    since = performance.eventLoopUtilization();
    const next = afterSample(state, sample.utilization, elapsedMs, policy);
    state = next.state;
    if (!next.release) return;
    releasing = true;
    release()
      .catch(onError)
      .finally(() => {
        releasing = false;
        since = performance.eventLoopUtilization();
      });
  }, sampleMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

let fullCollection: (() => void) | null = null;

/**
 * A full garbage collection now: V8 otherwise keeps old space's garbage until its next collection,
 * which an idle service never reaches, and the young generation at the size the busiest moment grew
 * it to (up to 32 MB). `gc` exists only in a context made while --expose-gc is set, so the flag is
 * set for that one context and cleared again: no script the service runs sees a global `gc`.
 */
export function collectGarbage(): void {
  if (!fullCollection) {
    setFlagsFromString('--expose-gc');
    try {
      fullCollection = runInNewContext('gc') as () => void;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  fullCollection();
}

/**
 * How far V8 lets old space grow past what was live at its last collection before it collects again:
 * by default up to 4x, so a burst of requests leaves 60 MB and more of garbage resident until the next
 * collection. 1.5x collects a little more often (no measurable cost to status lookups or invoice
 * creation) and kept the service at 152 MiB after the bench's load instead of 185-206. 1.2x held
 * 5 MiB less after that load (mean of five paired runs) but ingested Toncoin transfers a quarter slower
 * (5,877 and 5,563 tx/s against 8,082 and 7,250): the watcher's batches keep much alive, and each
 * collection marks all of it. V8 reads this flag at every collection, so it applies from here on, to
 * the desktop app's process too.
 */
export function growHeapModestly(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
