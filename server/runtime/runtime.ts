import type { ChainRuntime } from './chain-runtime';
import type { Simulator } from '../simulator/simulator';
import type { ChainWatcher } from '../watcher/chain-watcher';

/** The live parts beside the ledger: the chain, its watcher and (sandbox only) the simulator. */
export interface Runtime {
  chain: ChainRuntime;
  watcher: ChainWatcher;
  simulator: Simulator | null;
}
