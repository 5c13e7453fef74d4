import type { ChainSource } from '../chain/types';
import type { Config } from '../config/config';
import type { ChainInfo } from '../payments/payment-links';
import type { PendingChain, ChainRuntime } from './chain-runtime';
import { Simulator } from '../simulator/simulator';
import { booksTimer, providerEvents, withDuties } from './chain-duties';
import type { BooksChain } from '../payments/wallet-books';
import type { Services } from '../services';
import type { ChainWatcher, WatcherLogger } from '../watcher/chain-watcher';
import type { PaymentWatcherOptions } from '../watcher/payment-watcher';

/** The live parts beside the ledger: the chain, its watcher and (sandbox only) the simulator. */
export interface Runtime {
  chain: ChainRuntime;
  watcher: ChainWatcher;
  /** the chain as the books read it: the watched wallet, its source, and the watcher's poll to catch up */
  books: BooksChain;
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
  /**
   * Where to ask about accounts on the chain `chain` names (to check a wallet before saving it):
   * the running source when it is that chain, else a new one; null for a sandbox that is not open.
   */
  sourceFor(chain: Config['chain']): ChainSource | null;
  /**
   * Re-opens the chain and its watcher with `config` while HTTP keeps serving: the old watcher
   * finishes the batch it is crediting (its cursor is saved with it) before the new one starts from
   * that cursor. If the new chain cannot open, the old runtime keeps running and this rejects.
   */
  restart(config: Config): Promise<Runtime>;
}

/** How a handle re-opens: from the runtime running now to the one `config` describes. */
export type Reopen = (old: Runtime, config: Config) => Promise<Runtime>;

export interface DeferredRuntime extends RuntimeHandle {
  /** Opens it (startServer calls this once listening); the same promise as ready(). */
  start(): Promise<Runtime>;
}

/** Opens the chain, then builds the watcher (its code loads only now) and the simulator on it. */
export async function openRuntime(
  chain: PendingChain,
  services: RuntimeServices,
  options: WatcherOptions,
): Promise<Runtime> {
  const [opened, runtime] = await Promise.all([chain.open(), import('../watcher/payment-watcher')]);
  const startAt = await runtime.startingPoints(opened, services.ledger, (asset) =>
    services.payments.firstCreatedAt(asset),
  );
  return runtimeOn(opened, runtime.createPaymentWatcher, services, { ...options, startAt });
}

export interface WatcherOptions {
  intervalMs: number;
  batchSize: number;
  /** how often the books are checked against the chain; 0: only on demand */
  reconcileIntervalMs: number;
  log: WatcherLogger;
}

/** What the live parts use of the services: the ledger, payments, the books and the store's events. */
export type RuntimeServices = Pick<Services, 'ledger' | 'payments' | 'refunds' | 'books' | 'storeEvents' | 'clock'>;

/** The watcher and the simulator on a chain already open. */
export async function buildRuntime(
  opened: ChainRuntime,
  services: RuntimeServices,
  options: WatcherOptions,
): Promise<Runtime> {
  const { createPaymentWatcher, startingPoints } = await import('../watcher/payment-watcher');
  const startAt = await startingPoints(opened, services.ledger, (asset) => services.payments.firstCreatedAt(asset));
  return runtimeOn(opened, createPaymentWatcher, services, { ...options, startAt });
}

function runtimeOn(
  opened: ChainRuntime,
  createPaymentWatcher: (options: PaymentWatcherOptions) => ChainWatcher,
  services: RuntimeServices,
  options: WatcherOptions & Pick<PaymentWatcherOptions, 'startAt'>,
): Runtime {
  const { reconcileIntervalMs, ...watching } = options;
  const polling = createPaymentWatcher({ chain: opened, ledger: services.ledger, ...watching });
  // the Toncoin books need the store wallet, when it is watched
  const storeWallet = opened.watchedAccounts.find((account) => account.kind === 'native-wallet')?.address;
  const books: BooksChain = {
    source: opened.source,
    account: opened.watchedAccount,
    ...(storeWallet ? { storeWallet } : {}),
    catchUp: () => polling.pollNow(),
  };
  const watcher = withDuties(polling, [
    booksTimer(services.books, books, reconcileIntervalMs, options.log),
    providerEvents(opened, services.storeEvents, () => services.clock.now(), options.log),
  ]);
  return {
    chain: opened,
    watcher,
    books,
    simulator: opened.sandbox ? new Simulator(opened.sandbox, services.payments, watcher, services.refunds) : null,
  };
}

/**
 * A handle whose runtime `open` builds once `start` is called, and `reopen` replaces on `restart`.
 * `info` is the one object the payment service presents payments with: a restart updates it in place.
 */
export function deferredRuntime(
  info: ChainInfo,
  open: () => Promise<Runtime>,
  reopen: Reopen,
  sourceFor: (chain: Config['chain'], running: Runtime | null) => ChainSource | null,
): DeferredRuntime {
  let current: Runtime | null = null;
  let restarting: Promise<unknown> = Promise.resolve();
  let begin!: () => void;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const opened = started.then(open).then((runtime) => (current = runtime));
  // A failure is reported through start(), to startServer; requests waiting on ready() see it too.
  opened.catch(() => undefined);
  return {
    info,
    current: () => current,
    ready: async () => {
      await opened;
      await restarting;
      return current ?? opened;
    },
    sandboxSimulator: async () => {
      await opened;
      await restarting;
      return info.mode === 'sandbox' ? (current?.simulator ?? null) : null;
    },
    sourceFor: (chain) => sourceFor(chain, current),
    restart: (config) => {
      // one restart at a time, each from the runtime the previous one left
      const next = restarting.then(() => opened).then(async (old) => (current = await reopen(current ?? old, config)));
      restarting = next.catch(() => undefined);
      return next;
    },
    start: () => {
      begin();
      return opened;
    },
  };
}
