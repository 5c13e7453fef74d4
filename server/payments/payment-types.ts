import type { Customer, PaymentKind, PaymentStatus } from '../../contract/payments';

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
