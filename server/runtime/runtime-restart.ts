import type { ChainSource } from '../chain/types';
import type { Config } from '../config/config';
import type { Services } from '../services';
import { prepareChain, toncenterSourceFor } from './chain-runtime';
import { buildRuntime, type Reopen, type Runtime, type WatcherOptions } from './runtime';

export interface ReopenDeps {
  services: Pick<
    Services,
    'ledger' | 'payments' | 'refunds' | 'config' | 'restore' | 'books' | 'storeEvents' | 'clock'
  >;
  log: WatcherOptions['log'];
  nowSeconds?: () => number;
  /** whether this instance may run the watcher now: no restore staged, and it holds the watcher's lease if instances share the ledger */
  mayWatch: () => boolean;
}

/**
 * Restarting in place: the new chain opens while the old watcher still runs (if it cannot open,
 * nothing has changed); then the old watcher stops after its batch, the settings apply to the
 * services, and a new watcher resumes from the saved cursor. The sandbox chain has no settings of
 * its own, so a sandbox stays the one chain already open (a second one would share its state file).
 */
export function reopenWith(deps: ReopenDeps): Reopen {
  return async (old: Runtime, config: Config): Promise<Runtime> => {
    const keepSandbox = config.chain.mode === 'sandbox' && old.chain.sandbox !== null;
    const chain = keepSandbox ? old.chain : await (await prepareChain(config, deps.nowSeconds, deps.log)).open();
    await old.watcher.stop();
    let next: Runtime;
    try {
      next = await buildRuntime(chain, deps.services, {
        intervalMs: config.chain.pollIntervalMs,
        batchSize: config.chain.watcherBatchSize,
        reconcileIntervalMs: config.chain.reconcileIntervalMs,
        log: deps.log,
      });
    } catch (err) {
      if (deps.mayWatch()) old.watcher.start();
      throw err;
    }
    Object.assign(deps.services.config, { chain: config.chain, payments: config.payments });
    deps.services.payments.applySettings(chain.info, {
      defaultExpirySeconds: config.payments.defaultExpirySeconds,
      monitoringWindowSeconds: config.payments.monitoringWindowSeconds,
    });
    // A staged restore keeps the watcher stopped, as at start: its credits would land in the ledger it replaces.
    if (deps.mayWatch()) next.watcher.start();
    deps.log.info({ mode: config.chain.mode }, 'chain runtime restarted in place with the saved settings');
    return next;
  };
}

/**
 * A source to ask about accounts on the chain `chain` names: the open sandbox, or toncenter as
 * `chain` configures it (its endpoint and key may not be the running ones).
 */
export function checkingSource(chain: Config['chain'], running: Runtime | null): ChainSource | null {
  if (chain.mode === 'sandbox') return running?.chain.sandbox ? running.chain.source : null;
  return toncenterSourceFor({ ...chain, mode: chain.mode });
}
