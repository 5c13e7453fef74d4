import type { TRANSFER_DECISION_ACTIONS, TransferStatus } from '../../contract/chain';
import type { Customer, PaymentKind, PaymentStatus } from '../../contract/payments';
import type { InboundJettonTransfer } from '../chain/types';

/** The ledger's view of a payment. Money in micro-USDT, times in epoch milliseconds. */
export interface Payment {
  seq: number;
  id: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: bigint;
  paidAmount: bigint;
  overpaidAmount: bigint;
  /** sent by refunds (and not bounced back) */
  refundedAmount: bigint;
  currency: 'USDT';
  mainCurrency: 'TON';
  externalId: string | null;
  requestHash: string;
  memo: string;
  address: string;
  description: string | null;
  customer: Customer | null;
  callbackUrl: string | null;
  successUrl: string | null;
  failUrl: string | null;
  metadata: Record<string, string> | null;
  allowedOrigins: string[] | null;
  late: boolean;
  expiresAt: number;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type NewPayment = Omit<Payment, 'seq'>;

/** What a state change writes: the state machine's fields, nothing a merchant set. */
export type PaymentStateChange = Pick<Payment, 'seq' | 'id' | 'status' | 'paidAmount' | 'overpaidAmount' | 'late' | 'paidAt' | 'updatedAt'>;


/** An inbound transfer as the ledger recorded it, with what became of it. */
export interface TransferRecord extends InboundJettonTransfer {
  paymentId: string | null;
  status: TransferStatus;
  resolution: string | null;
  createdAt: number;
  resolvedAt: number | null;
}

export type TransferDecisionAction = (typeof TRANSFER_DECISION_ACTIONS)[number];

/** One merchant decision on an unmatched transfer; kept after an undo, for the inbox's history. */
export interface TransferDecisionRecord {
  seq: number;
  /** the transfer's position on chain, with its hash */
  txLt: bigint;
  txHash: string;
  action: TransferDecisionAction;
  paymentId: string | null;
  note: string;
  /** who decided: the console and the address it was used from */
  actor: string;
  at: number;
}

export type NewDecisionRecord = Omit<TransferDecisionRecord, 'seq'>;
