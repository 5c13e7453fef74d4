export const PAYMENT_KINDS = ['hpp', 'address', 'invoice', 'widget'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ['pending', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface Customer {
  id?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
}

/** The ledger's view of a payment. Money in micro-USDT, times in epoch milliseconds. */
export interface Payment {
  seq: number;
  id: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: bigint;
  paidAmount: bigint;
  overpaidAmount: bigint;
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

export const PAYMENT_EVENT_TYPES = [
  'payment.created',
  'payment.partially_paid',
  'payment.paid',
  'payment.overpaid',
  'payment.late',
  'payment.late_partially_paid',
  'payment.expired',
  'payment.cancelled',
  'payment.credited_after_close',
  'transfer.unmatched',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];
