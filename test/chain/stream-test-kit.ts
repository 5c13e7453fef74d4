/**
 * Time and events for stream tests: a sleep the test releases by hand (an aborted sleep leaves the
 * list at once), and a queue to await callbacks in the order they came.
 */

export interface PendingSleep {
  ms: number;
  release(): void;
}

export function createControlledSleep() {
  const pending: PendingSleep[] = [];
  const requested: number[] = [];
  let changed: () => void = () => undefined;
  let change = new Promise<void>((resolve) => (changed = resolve));
  const notify = () => {
    changed();
    change = new Promise<void>((resolve) => (changed = resolve));
  };
  return {
    requested,
    pending,
    sleep(ms: number, signal: AbortSignal): Promise<void> {
      requested.push(ms);
      return new Promise<void>((resolve) => {
        const end = () => {
          const at = pending.indexOf(entry);
          if (at >= 0) pending.splice(at, 1);
          resolve();
          notify();
        };
        const entry: PendingSleep = { ms, release: end };
        signal.addEventListener('abort', end, { once: true });
        pending.push(entry);
        notify();
      });
    },
    /** The first pending sleep for which `test(ms)` holds, once there is one (it stays pending). */
    async waitFor(test: (ms: number) => boolean = () => true): Promise<PendingSleep> {
      for (;;) {
        const found = pending.find((entry) => test(entry.ms));
        if (found) return found;
        await change;
      }
    },
  };
}

/** Callbacks as a queue: `next()` is the oldest not taken yet, or the next to come. */
export function createQueue<T>() {
  const items: T[] = [];
  const takers: Array<(item: T) => void> = [];
  return {
    items,
    push(item: T): void {
      const taker = takers.shift();
      if (taker) taker(item);
      else items.push(item);
    },
    next(): Promise<T> {
      const item = items.shift();
      return item !== undefined ? Promise.resolve(item) : new Promise<T>((resolve) => takers.push(resolve));
    },
  };
}
