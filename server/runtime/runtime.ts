import type { ChainInfo } from '../payments/payment-links';
import type { PendingChain, ChainRuntime } from './chain-runtime';
import { Simulator } from '../simulator/simulator';
import type { Services } from '../services';
import type { ChainWatcher, WatcherLogger } from '../watcher/chain-watcher';

/** The live parts beside the ledger: the chain, its watcher and (sandbox only) the simulator. */
export interface Runtime {
  chain: ChainRuntime;
  watcher: ChainWatcher;
  simulator: Simulator | null;
}

/**
 * The runtime as HTTP sees it: the chain opens after the service listens (creating a payment needs
 * only `info`), so what needs the chain waits for it.
 */
export interface RuntimeHandle {
  /** the chain's mode and the merchant's addresses, known before the chain opens */
  readonly info: ChainInfo;
  /** the live parts, or null while the chain opens (or if it could not) */
  current(): Runtime | null;
  /** the live parts once the chain is open; rejects with the reason it could not open */
  ready(): Promise<Runtime>;
  /** the simulator once the chain is open, in sandbox mode; null in other modes */
  sandboxSimulator(): Promise<Simulator | null>;
}

export interface DeferredRuntime extends RuntimeHandle {
  /** Opens it (startServer calls this once listening); the same promise as ready(). */
  start(): Promise<Runtime>;
}

/** Opens the chain, then builds the watcher (its code loads only now) and the simulator on it. */
export async function openRuntime(
  chain: PendingChain,
  services: Pick<Services, 'ledger' | 'payments'>,
  options: { intervalMs: number; batchSize: number; log: WatcherLogger },
): Promise<Runtime> {
  const [opened, { createPaymentWatcher }] = await Promise.all([chain.open(), import('../watcher/payment-watcher')]);
  const watcher = createPaymentWatcher({ chain: opened, ledger: services.ledger, ...options });
  return { chain: opened, watcher, simulator: opened.sandbox ? new Simulator(opened.sandbox, services.payments, watcher) : null };
}

/** A handle whose runtime `open` builds once `start` is called. */
export function deferredRuntime(info: ChainInfo, open: () => Promise<Runtime>): DeferredRuntime {
  let current: Runtime | null = null;
  let begin!: () => void;
  const started = new Promise<void>((resolve) => { begin = resolve; });
  const opened = started.then(open).then((runtime) => (current = runtime));
  // A failure is reported through start(), to startServer; requests waiting on ready() see it too.
  opened.catch(() => undefined);
  return {
    info,
    current: () => current,
    ready: () => opened,
    sandboxSimulator: async () => (info.mode === 'sandbox' ? (await opened).simulator : null),
    start: () => {
      begin();
      return opened;
    },
  };
}
