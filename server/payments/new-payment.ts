import { hash as digest } from 'node:crypto';
import type { DepositRequest, PaymentKind, WidgetSessionRequest } from '../../contract/payments';
import type { UnitOfWork } from '../storage/storage-port';
import type { NewPayment } from '../storage/records';
import { newId, newMemo } from '../util/ids';
import type { PricedRequest } from './creation-pricing';

/** Same kind + same validated body = same request; key order must not matter. */
export function requestHash(kind: PaymentKind, request: object): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return digest('sha256', `${kind}\n${canonical}`);
}

/** A memo no payment carries yet: the memo is how a transfer names its payment. */
export async function uniqueMemo(uow: UnitOfWork): Promise<string> {
  for (;;) {
    const memo = newMemo();
    if (!(await uow.payments.findByMemo(memo))) return memo;
  }
}

export interface NewPaymentContext {
  kind: PaymentKind;
  request: DepositRequest | WidgetSessionRequest;
  priced: Pick<PricedRequest, 'currency' | 'amount' | 'pricing'>;
  /** the short payment the store tolerates now, locked on the payment */
  toleranceBps: number;
  hash: string;
  memo: string;
  /** the store wallet payments are paid to now */
  address: string;
  defaultExpirySeconds: number;
  now: number;
}

/** The row a creation request inserts: pending, nothing paid, in the asset it asks first. */
export function newPaymentRow(c: NewPaymentContext): NewPayment {
  const r = c.request;
  const expirySeconds = r.expiresInSeconds ?? c.defaultExpirySeconds;
  return {
    id: newId('pay'),
    kind: c.kind,
    status: 'pending',
    amount: c.priced.amount,
    paidAmount: 0n,
    overpaidAmount: 0n,
    refundedAmount: 0n,
    currency: c.priced.currency,
    mainCurrency: 'TON',
    externalId: r.externalId ?? null,
    requestHash: c.hash,
    memo: c.memo,
    address: c.address,
    description: r.description ?? null,
    customer: r.customer ?? null,
    callbackUrl: r.callbackUrl ?? null,
    successUrl: r.successUrl ?? null,
    failUrl: r.failUrl ?? null,
    metadata: r.metadata ?? null,
    allowedOrigins: 'allowedOrigins' in r && r.allowedOrigins ? r.allowedOrigins : null,
    late: false,
    expiresAt: c.now + expirySeconds * 1000,
    paidAt: null,
    createdAt: c.now,
    updatedAt: c.now,
    pricing: c.priced.pricing,
    toleranceBps: c.toleranceBps,
  };
}
