import type { AssetCode } from '../../contract/asset';
import type { PaymentStatus } from '../../contract/payments';
import type { InboundTransfer, TxCursor, WalletMovement } from '../chain/types';
import type { StoredEvent } from './records';
import type { CreditedTransfer } from './records';
import type {
  NewPayment,
  NewDecisionRecord,
  Payment,
  PaymentStateChange,
  TransferDecisionRecord,
  TransferDecisionAction,
  TransferRecord,
} from './records';
import type { TransferStatus } from '../../contract/chain';
import type { RefundFiatView, RefundStatus } from '../../contract/refunds';

/** The merchant API's list: exact filters, newest first. */
export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  externalId?: string | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  /** keyset: only payments older (smaller seq) than this */
  beforeSeq?: number | undefined;
  limit: number;
}

/** The console's list: the merchant API's filters plus a search box. */
export interface PaymentSearch {
  status?: PaymentStatus | undefined;
  /** epoch ms, inclusive */
  createdFrom?: number | undefined;
  /** epoch ms, exclusive */
  createdTo?: number | undefined;
  /** any part of an id, memo, externalId, description or customer email, in any case */
  search?: string | undefined;
  /** only payments in this asset */
  currency?: AssetCode | undefined;
  /** the search box read as an amount in each asset's decimals, each matched exactly in its own asset (alongside the text) */
  searchAmounts?: readonly AssetAmount[] | undefined;
  /** leave test payments (the widget preview's, the demo shop's) out, as the console's list does unless asked */
  realOnly?: boolean | undefined;
  beforeSeq?: number | undefined;
  limit: number;
}

/** An amount in base units of the asset it names. */
export interface AssetAmount {
  currency: AssetCode;
  amount: bigint;
}

/** Money that settled payments brought in over some span, in base units of one asset (never two added up). */
export interface PaidVolume {
  amount: bigint;
  count: number;
}

/**
 * The daily close over a span, in base units of one asset; each payment that holds money counts once, on one day
 * (by paid_at when it completed, else by created_at), so the days' takings add up to what was paid in.
 */
export interface CloseOfDayFigures {
  /** completed in the span with nothing extra: the amount asked */
  paid: PaidVolume;
  /** completed in the span with more than asked: all they brought in, `extra` the part beyond the amount */
  overpaid: PaidVolume & { extra: bigint };
  /** created in the span, never completed, yet holding money (partially paid, or expired or cancelled with some paid) */
  partiallyPaid: PaidVolume;
  /** expired in the span (by expires_at) without completing: the amounts they asked for */
  expired: PaidVolume;
  /** the tips of the payments completed in the span (paid or overpaid): how many carried one, and their sum */
  tips: PaidVolume;
  /** completed in the span short of their amount, inside their tolerance: how many, and the shortfalls' sum */
  settledShort: PaidVolume;
  /** the fiat prices of the payments completed in the span: how many at each price as written ("3.40" EUR) */
  prices: PricedCount[];
}

/** How many completed payments had one fiat price, as its request wrote it: the caller sums them exactly. */
export interface PricedCount {
  currency: string;
  amount: string;
  count: number;
}

export interface PaymentReads {
  findById(id: string): Promise<Payment | null>;
  findByExternalId(externalId: string): Promise<Payment | null>;
  findByMemo(memo: string): Promise<Payment | null>;
  /** when the first payment in `currency` was created (epoch ms), or null before any: where watching its wallet must start */
  firstCreatedAt(currency: AssetCode): Promise<number | null>;
  /** the payments holding any of these memos, in no particular order */
  findByMemos(memos: readonly string[]): Promise<Payment[]>;
  /** open payments whose expiry has passed, the oldest expiry first */
  dueForExpiry(now: number, limit: number): Promise<Payment[]>;
  list(filter: PaymentFilter): Promise<Payment[]>;
  search(filter: PaymentSearch): Promise<Payment[]>;
  /** test payments only when `includeTest`, as in all the dashboard's figures */
  countByStatus(includeTest?: boolean): Promise<Record<PaymentStatus, number>>;
  /** by paid_at, `from` inclusive, `to` exclusive; test payments only when `includeTest`; the figures of payments in `currency` */
  paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume>;
  /** one entry per day of `days` days from `origin` (epoch ms), empty days included; test payments only when `includeTest` */
  dailyPaidVolume(origin: number, days: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume[]>;
  /** `from` inclusive, `to` exclusive; test payments (the widget preview's, the demo shop's) only when `includeTest` */
  closeOfDay(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<CloseOfDayFigures>;
  /** pending, partially paid or expired (after `expiredSince`) payments (in `currency` when given) that still want exactly `due`; up to `limit`, any order */
  withDueAmount(due: bigint, expiredSince: number, limit: number, currency?: AssetCode): Promise<Payment[]>;
}

export interface PaymentRepository extends PaymentReads {
  insert(payment: NewPayment): Promise<Payment>;
  updateState(change: PaymentStateChange): Promise<void>;
  /** what refunds have sent back, written alone: a refund never changes the payment's status */
  setRefunded(payment: Pick<Payment, 'seq' | 'refundedAmount' | 'updatedAt'>): Promise<void>;
  /** marks a payment made to try the flow (the widget preview, the demo shop): the takings leave it out */
  markTest(paymentId: string): Promise<void>;
  /** the part of the payment's amount that is a tip (below the amount; the service checks) */
  recordTip(paymentId: string, tip: bigint): Promise<void>;
  /** the asset a fiat-priced payment is paid in, and its quote's amount: the customer's choice, before anything arrived */
  switchAsset(payment: Pick<Payment, 'seq' | 'currency' | 'amount' | 'updatedAt'>): Promise<void>;
}

export interface NewTransfer {
  transfer: InboundTransfer;
  paymentId: string | null;
  status: TransferStatus;
  createdAt: number;
}

export interface TransferReads {
  /**
   * With `lt` (its position on chain), a key lookup. Without, fast for the inbox's transfers
   * (unmatched, dismissed); a credited one is found by scanning, so callers that know lt pass it.
   */
  find(txHash: string, lt?: bigint): Promise<TransferRecord | null>;
  creditedTo(paymentId: string): Promise<CreditedTransfer[]>;
  /** newest (by lt) first */
  withStatus(status: TransferStatus, limit: number): Promise<TransferRecord[]>;
  countWithStatus(status: TransferStatus): Promise<number>;
  /** decisions, newest first; only those of `action` when given */
  decisions(action: TransferDecisionAction | undefined, limit: number): Promise<TransferDecisionRecord[]>;
  /** the newest decision on this transfer */
  lastDecision(txHash: string): Promise<TransferDecisionRecord | null>;
  /** where the watcher stopped on this account */
  cursor(account: string): Promise<TxCursor | null>;
  /** hashes of the transfers recorded with lt in [fromLt, toLt]: what a batch of that range already holds */
  hashesBetween(fromLt: bigint, toLt: bigint): Promise<string[]>;
}

export interface TransferRepository extends TransferReads {
  /** The exactly-once gate: false when this transaction hash was already recorded. */
  /** Records transfers not seen before; returns how many were new (a transfer seen before is left as it is). */
  insertMany(transfers: readonly NewTransfer[]): Promise<number>;
  /** Settles an unmatched transfer; false if it was not unmatched any more (decided twice). */
  resolve(
    txHash: string,
    status: 'credited' | 'dismissed',
    paymentId: string | null,
    resolution: string,
    at: number,
  ): Promise<boolean>;
  saveCursor(account: string, cursor: TxCursor, at: number): Promise<void>;
  recordDecision(decision: NewDecisionRecord): Promise<TransferDecisionRecord>;
  /** A dismissed transfer back to the inbox; false if it was not dismissed. */
  reopen(txHash: string): Promise<boolean>;
}

export type NewEvent = Omit<StoredEvent, 'seq'>;

export interface EventReads {
  /** oldest first */
  forPayment(paymentId: string): Promise<StoredEvent[]>;
  findById(id: string): Promise<StoredEvent | null>;
  /** events with seq > `seq`, oldest first, at most `limit` (a live stream catching up) */
  after(seq: number, limit: number): Promise<StoredEvent[]>;
  /** the newest seq, 0 for an empty log */
  lastSeq(): Promise<number>;
}

/** The append-only event log. */
export interface EventRepository extends EventReads {
  /** `dataJson`: the data already serialised, when the caller needs that text too (it is stored as is). */
  append(event: NewEvent, dataJson?: string): Promise<StoredEvent>;
}

/** One verdict of the books against the chain: recorded when it changes. */
export interface ReconciliationRecord {
  seq: number;
  /** the account checked, raw form: the USDT jetton wallet, or the store wallet for Toncoin */
  account: string;
  /** the wallet's newest transaction when its balance was read: the books are summed up to it */
  atLt: bigint;
  onChainBalance: bigint;
  ledgerBalance: bigint;
  /** onChainBalance - ledgerBalance */
  difference: bigint;
  /** epoch ms */
  checkedAt: number;
}

export interface MovementReads {
  find(txHash: string): Promise<WalletMovement | null>;
  /** newest (by lt) first */
  list(account: string, limit: number): Promise<WalletMovement[]>;
  /**
   * What the books say the wallet holds of `asset` after `atLt`: every inbound transfer in it, plus
   * returned, minus sent.
   */
  bookBalance(account: string, asset: AssetCode, atLt: bigint): Promise<bigint>;
  /** What transfers of `asset` the ledger recorded at positions fromLt..atLt (credited, unmatched or dismissed alike). */
  received(asset: AssetCode, fromLt: bigint, atLt: bigint): Promise<bigint>;
  lastReconciliation(account: string): Promise<ReconciliationRecord | null>;
}

/** The jetton wallet's other movements, and the reconciliations' verdicts. */
export interface MovementRepository extends MovementReads {
  /** false if the transaction was recorded before */
  insert(account: string, movement: WalletMovement, createdAt: number): Promise<boolean>;
  recordReconciliation(record: Omit<ReconciliationRecord, 'seq'>): Promise<ReconciliationRecord>;
}

export interface RefundRecord {
  seq: number;
  id: string;
  paymentId: string;
  status: RefundStatus;
  /** base units */
  amount: bigint;
  destination: string;
  memo: string;
  reason: string | null;
  /** the transaction that sent it, and the query id a bounce of it would carry back */
  txHash: string | null;
  queryId: bigint | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /** what a refund stated as a fiat amount was stated as; null when stated in the asset */
  fiat: RefundFiat | null;
}

/** A refund's fiat amount and the rate that made its asset amount: the wire's, with the rate's time in ms. */
export type RefundFiat = Omit<RefundFiatView, 'fixedAt'> & { fixedAt: number };

/** A refund stated in its asset leaves `fiat` out. */
export type NewRefund = Omit<RefundRecord, 'seq' | 'fiat'> & { fiat?: RefundFiat | null };

export interface RefundReads {
  findById(id: string): Promise<RefundRecord | null>;
  /** oldest first */
  forPayment(paymentId: string): Promise<RefundRecord[]>;
  /** memos are unique, whatever the refund's state */
  findByMemo(memo: string): Promise<RefundRecord | null>;
  /** a sent refund whose transfer carried this query id: what a bounce of it brings back */
  sentWithQueryId(queryId: bigint): Promise<RefundRecord[]>;
  /** refunds sent (and not bounced since) that turned sent in [from, to): by updatedAt; those of test payments only when `includeTest` */
  sentVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume>;
}

export interface RefundRepository extends RefundReads {
  insert(refund: NewRefund): Promise<RefundRecord>;
  /** writes status, the sending transaction and updatedAt */
  update(refund: RefundRecord): Promise<void>;
}
