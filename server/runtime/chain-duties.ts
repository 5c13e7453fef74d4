import type { FailoverChange } from '../chain/failover-source';
import type { StoreEvents } from '../events/store-events';
import type { BooksChain, Reconciliation, WalletBooks } from '../payments/wallet-books';
import type { ChainWatcher, WatcherLogger } from '../watcher/chain-watcher';
import type { ChainRuntime } from './chain-runtime';

/** Something that runs beside the watcher for exactly as long as the watcher runs. */
export interface ChainDuty {
  start(): void;
  stop(): void;
}

/** The watcher, with its duties started and stopped with it (at start, on a restart in place, at close). */
export function withDuties(watcher: ChainWatcher, duties: readonly ChainDuty[]): ChainWatcher {
  return {
    ...watcher,
    start() {
      watcher.start();
      for (const duty of duties) duty.start();
    },
    async stop() {
      for (const duty of duties) duty.stop();
      await watcher.stop();
    },
  };
}

/** Reconciles the books on a timer, each asset the chain watches; a failed check (the chain unreachable, the watcher behind) waits for the next. */
export function booksTimer(books: WalletBooks, chain: BooksChain, intervalMs: number, log: WatcherLogger): ChainDuty {
  let timer: NodeJS.Timeout | null = null;
  const checks = [() => books.reconcile(chain), ...(chain.storeWallet ? [() => books.reconcileToncoin(chain)] : [])];
  const check = (reconcile: () => Promise<Reconciliation>) =>
    reconcile().then(
      (r) => {
        if (r.difference !== 0n)
          log.warn(
            { asset: r.asset, difference: r.difference.toString(), atLt: r.atLt.toString() },
            'the books differ from the wallet on chain',
          );
      },
      (err: unknown) =>
        log.info(
          { error: err instanceof Error ? err.message : String(err) },
          'reconciliation skipped; the next one will try again',
        ),
    );
  return {
    start() {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        // one after the other: both catch the watcher up first, and a second poll at once would only wait
        void checks.reduce<Promise<unknown>>(
          (previous, reconcile) => previous.then(() => check(reconcile)),
          Promise.resolve(),
        );
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** A provider failing over (and coming back) becomes `watcher.degraded` / `watcher.recovered` for webhooks and consoles. */
export function providerEvents(
  chain: ChainRuntime,
  events: StoreEvents,
  now: () => number,
  log: WatcherLogger,
): ChainDuty {
  let unsubscribe: (() => void) | null = null;
  const announce = (change: FailoverChange) => {
    const type = change.kind === 'degraded' ? 'watcher.degraded' : 'watcher.recovered';
    events
      .record(type, { from: change.from, to: change.to, reason: change.reason, at: new Date(now()).toISOString() })
      .catch((err: unknown) =>
        log.warn(
          { type, error: err instanceof Error ? err.message : String(err) },
          'could not record the watcher event',
        ),
      );
  };
  return {
    start() {
      unsubscribe ??= chain.providers?.onChange(announce) ?? null;
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
