import type { WatchedAccount } from '../chain/watched-account';
import type { ChainWatcher } from './chain-watcher';

/**
 * Several accounts' watchers run as one: started, stopped and polled together. Each keeps its own
 * cursor and loop, so one account's failing source or long catch-up never holds back another's.
 * `status` is the first account's (the USDT jetton wallet, as consoles have always read it);
 * `accounts` has every account's own.
 */
export function watcherGroup(watchers: readonly ChainWatcher[], accounts: readonly WatchedAccount[]): ChainWatcher {
  const [first] = watchers as [ChainWatcher, ...ChainWatcher[]];
  if (watchers.length === 1) return first;
  return {
    start() {
      for (const w of watchers) w.start();
    },
    async stop() {
      await Promise.all(watchers.map((w) => w.stop()));
    },
    /** Polls every account; resolves with the transactions committed in all, or rejects with the first failure once all are done. */
    async pollNow() {
      const results = await Promise.allSettled(watchers.map((w) => w.pollNow()));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
    },
    wake(hint) {
      first.wake(hint);
      // a hint's lt is a position on the first account; the others just poll
      for (const w of watchers.slice(1)) w.wake();
    },
    status: () => first.status(),
    accounts: () =>
      watchers.map((w, i) => ({ asset: accounts[i]!.asset, address: accounts[i]!.address.toString(), ...w.status() })),
  };
}
