// The chain as the books read it, behind plain data: the newest transaction of an account, its jetton
// balance, and its history a page at a time, each transaction already read into what it did to the
// asset the account holds. payments/wallet-books.ts checks the ledger against these and never
// touches a Transaction or an Address of @ton/core itself.
import { Address, type Transaction } from '@ton/core';
import type { AssetCode } from '../../contract/asset';
import { readJettonBalance } from './jetton-wallet-check';
import { parseNativeTransfer } from './parse-native-transfer';
import type { ChainSource, TxCursor } from './types';
import { accountFacts, type WatchedAccount } from './watched-account';

/** An account the books check: a store's jetton wallet, or its own wallet for Toncoin. */
export interface BooksAccount {
  address: Address;
  asset: AssetCode;
  kind: WatchedAccount['kind'];
}

export function booksAccount(address: string | Address, asset: AssetCode, kind: BooksAccount['kind']): BooksAccount {
  return { address: typeof address === 'string' ? Address.parse(address) : address, asset, kind };
}

export const rawAccount = (account: BooksAccount): string => account.address.toRawString();

/**
 * What one transaction did to the account's asset. in: a transfer the watcher would record; sent and
 * returned: the wallet's own send and what came back bounced; other: value or gas that is neither
 * (a bounce of a payer's own message, a contract's excesses, dust, a fee-only transaction), with why.
 */
export interface ChainFact {
  txHash: string;
  lt: bigint;
  utime: number;
  kind: 'in' | 'sent' | 'returned' | 'other';
  /** base units of the account's asset moved; for `other`, the nanotons that arrived with it (may be 0) */
  amount: bigint;
  /** nanotons the transaction cost the account */
  fee: bigint;
  /** other: why it is no payment (parse-native-transfer's reasons) */
  reason: string | null;
}

export interface HistoryPage {
  /** every transaction of the page but the one it started at, newest first */
  facts: ChainFact[];
  /** where the next (older) page starts; null at the account's first transaction */
  next: TxCursor | null;
}

const cursorOf = (tx: Transaction): TxCursor => ({ lt: tx.lt, hash: tx.hash().toString('hex') });

export async function newestTransaction(source: ChainSource, account: BooksAccount): Promise<TxCursor | null> {
  const [tx] = await source.getTransactions(account.address, { limit: 1 });
  return tx ? cursorOf(tx) : null;
}

/** A jetton wallet's balance now (get_wallet_data); a wallet not deployed yet holds nothing. */
export function jettonBalance(source: ChainSource, account: BooksAccount): Promise<bigint> {
  return readJettonBalance(source, account.address);
}

/** The page of history from `from` (inclusive) back, read as the watcher reads it. `first`: keep the starting transaction too. */
export async function historyPage(
  source: ChainSource,
  account: BooksAccount,
  from: TxCursor,
  limit: number,
  first: boolean,
): Promise<HistoryPage> {
  const page = await source.getTransactions(account.address, { limit, lt: from.lt, hash: from.hash });
  // pages start at their cursor, which the page before already held
  const fresh = first ? page : page.slice(1);
  const oldest = page.at(-1);
  return {
    facts: fresh.map((tx) => chainFact(account, tx)),
    next: fresh.length === 0 || !oldest || oldest.prevTransactionLt === 0n ? null : cursorOf(oldest),
  };
}

function chainFact(account: BooksAccount, tx: Transaction): ChainFact {
  const base = { txHash: tx.hash().toString('hex'), lt: tx.lt, utime: tx.now, fee: tx.totalFees.coins };
  const { transfers, movements } = accountFacts(account, [tx]);
  const [transfer] = transfers;
  if (transfer) return { ...base, kind: 'in', amount: transfer.amount, reason: null };
  const [movement] = movements;
  if (movement) return { ...base, kind: movement.kind, amount: movement.amount, reason: null };
  return { ...base, kind: 'other', ...otherValue(account, tx) };
}

/** What arrived with a transaction that is no transfer, and why it is none (for the store wallet). */
function otherValue(account: BooksAccount, tx: Transaction): { amount: bigint; reason: string | null } {
  const info = tx.inMessage?.info;
  const amount = info?.type === 'internal' ? info.value.coins : 0n;
  if (account.kind !== 'native-wallet') return { amount, reason: null };
  const verdict = parseNativeTransfer(tx, account.address);
  return { amount, reason: verdict.ok ? null : verdict.reason };
}
