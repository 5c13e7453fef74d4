import { accountFacts, accountKey, jettonWalletFacts, type WatchedAccount } from '../chain/watched-account';
import type { AssetCode } from '../../contract/asset';
import type { ChainSource, Transaction, TxCursor } from '../chain/types';
import type { TransferLedger } from '../payments/transfer-ledger';
import { createChainWatcher, type ChainWatcher, type WatcherLogger } from './chain-watcher';
import { cursorOf } from '../chain/tx-position';
import { watcherGroup } from './watcher-group';
import type { WakeupChannel } from './wakeups';
import type { WakeHint } from '../chain/toncenter-stream';

/** What the watcher reads of an opened chain (runtime/'s ChainRuntime has these and more). */
export interface WatchedChain {
  source: ChainSource;
  /** every account the store is paid on, the USDT jetton wallet first */
  watchedAccounts: readonly WatchedAccount[];
  wakeups?: WakeupChannel | undefined;
}

export interface PaymentWatcherOptions {
  chain: WatchedChain;
  ledger: TransferLedger;
  intervalMs: number;
  batchSize: number;
  log?: WatcherLogger;
  /** from startingPoints: where accounts read for the first time start */
  startAt?: StartingPoints;
}

/** The USDT jetton wallet's facts (bench/ measures this parse); accountFacts reads any watched account. */
export const walletFacts = (transactions: readonly Transaction[]) => jettonWalletFacts(transactions, 'USDT');

/** One account's watcher: its own cursor, exactly-once and crash safety, all kept by the ledger under its key. */
function accountWatcher(
  options: PaymentWatcherOptions,
  account: WatchedAccount,
  wakeups?: WakeupChannel,
): ChainWatcher {
  const key = accountKey(account);
  return createChainWatcher({
    source: options.chain.source,
    account: account.address,
    intervalMs: options.intervalMs,
    maxBatch: options.batchSize,
    loadCursor: () => cursorOrStart(options.ledger, key, options.startAt?.get(key)),
    commitBatch: async (transactions: Transaction[], cursor: TxCursor, previous: TxCursor | null) => {
      const { transfers, movements } = accountFacts(account, transactions);
      await options.ledger.creditBatch(key, transfers, cursor, movements, previous);
    },
    ...(options.log ? { log: options.log } : {}),
    ...(wakeups ? { wakeups } : {}),
  });
}

/** The chain watcher reports facts; the ledger decides what they mean for payments. */
export function createPaymentWatcher(options: PaymentWatcherOptions): ChainWatcher {
  const { watchedAccounts, wakeups } = options.chain;
  if (watchedAccounts.length === 0) throw new Error('a payment watcher needs an account to watch');
  const watchers: ChainWatcher[] = [];
  // one stream for every account, opened by the first account's watcher; an event on another account wakes that one's
  const shared = wakeups && {
    safetyIntervalMs: wakeups.safetyIntervalMs,
    open: (wake: (hint?: WakeHint) => void, log?: WatcherLogger) =>
      wakeups.open((hint) => {
        const other =
          hint?.account === undefined ? -1 : watchedAccounts.findIndex((a) => accountKey(a) === hint.account);
        if (other > 0) watchers[other]?.wake({ lt: hint!.lt });
        else wake(hint);
      }, log),
  };
  watchedAccounts.forEach((account, i) =>
    watchers.push(accountWatcher(options, account, i === 0 ? shared : undefined)),
  );
  return watcherGroup(watchers, watchedAccounts);
}

/** Where each account's reading starts when the ledger has no cursor for it yet, by accountKey; absent: its first transaction. */
export type StartingPoints = ReadonlyMap<string, TxCursor>;

/** Chain clocks and ours may disagree by this much: a payment's transfer is never older than its payment minus this. */
const CLOCK_SKEW_MS = 10 * 60_000;
/** Pages walked back through the store wallet's history, once, to find where its first payment could be. */
const HISTORY_PAGE = 100;

/**
 * The store's own wallet, watched for the first time, has a history from before the store took
 * Toncoin (top-ups, its owner's sends), none of it a payment to us. Its reading starts just before the
 * first Toncoin payment was created (with a margin for clocks): no transfer paying one can be older.
 * With no Toncoin payment yet, at the newest transaction: a payment created later is paid later. So a
 * restart before the first poll stored the point, or a payment paid while the chain was opening, is
 * never taken for history. Only read here (a standby may not write); the first poll stores it. A
 * jetton wallet is the store's alone: its whole history is read, as ever.
 */
export async function startingPoints(
  chain: WatchedChain,
  ledger: TransferLedger,
  firstPaymentAt: (asset: AssetCode) => Promise<number | null>,
): Promise<StartingPoints> {
  const points = new Map<string, TxCursor>();
  for (const account of chain.watchedAccounts) {
    const key = accountKey(account);
    if (account.kind !== 'native-wallet' || (await ledger.cursor(key)) !== null) continue;
    const first = await firstPaymentAt(account.asset);
    const start = await newestBefore(chain.source, account, first === null ? null : first - CLOCK_SKEW_MS);
    if (start) points.set(key, start);
  }
  return points;
}

/** The newest transaction of the account older than `beforeMs` (null: the newest of all); null if none is. */
async function newestBefore(
  source: ChainSource,
  account: WatchedAccount,
  beforeMs: number | null,
): Promise<TxCursor | null> {
  let page = await source.getTransactions(account.address, { limit: beforeMs === null ? 1 : HISTORY_PAGE });
  for (;;) {
    const older = page.find((tx) => beforeMs === null || tx.now * 1000 < beforeMs);
    if (older) return cursorOf(older);
    const last = page[page.length - 1];
    if (!last || page.length < HISTORY_PAGE) return null;
    // the next page starts at the last one's transaction (inclusive): drop it
    const next = await source.getTransactions(account.address, { limit: HISTORY_PAGE + 1, ...cursorOf(last) });
    page = next.slice(1);
  }
}

/** The account's stored cursor; with none yet, its starting point, stored first so that a restart keeps it. */
async function cursorOrStart(
  ledger: TransferLedger,
  key: string,
  start: TxCursor | undefined,
): Promise<TxCursor | null> {
  const stored = await ledger.cursor(key);
  if (stored !== null || start === undefined) return stored;
  await ledger.creditBatch(key, [], start, [], null);
  return start;
}
