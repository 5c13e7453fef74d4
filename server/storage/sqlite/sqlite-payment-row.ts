import type { Statement } from 'better-sqlite3';
import { ASSETS, type AssetCode } from '../../../contract/asset';
import type { PaymentStatus } from '../../../contract/payments';
import { pricingFromJson } from '../pricing-json';
import type { Payment } from '../records';

/**
 * The columns every read of a payment selects, in this order. Rows come back as arrays (better-sqlite3's
 * raw mode) read by position: building an object per row, key by key, cost as much as the lookup
 * itself five times over (11 -> 6 us per payment the watcher matches).
 */
export const PAYMENT_COLUMNS = `seq, id, kind, status, amount, paid_amount, overpaid_amount, refunded_amount, currency, main_currency, external_id,
  request_hash, memo, address, description, customer_json, callback_url, success_url, fail_url, metadata_json,
  allowed_origins_json, late, expires_at, paid_at, created_at, updated_at, test, tip, pricing_json, tolerance_bps`;

export type PaymentRow = [
  seq: bigint,
  id: string,
  kind: Payment['kind'],
  status: PaymentStatus,
  amount: bigint,
  paidAmount: bigint,
  overpaidAmount: bigint,
  refundedAmount: bigint,
  currency: AssetCode,
  mainCurrency: 'TON',
  externalId: string | null,
  requestHash: string,
  memo: string,
  address: string,
  description: string | null,
  customerJson: string | null,
  callbackUrl: string | null,
  successUrl: string | null,
  failUrl: string | null,
  metadataJson: string | null,
  allowedOriginsJson: string | null,
  late: bigint,
  expiresAt: bigint,
  paidAt: bigint | null,
  createdAt: bigint,
  updatedAt: bigint,
  test: bigint,
  tip: bigint,
  pricingJson: string | null,
  toleranceBps: bigint,
];

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
export const toJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const toNumber = (v: bigint | null): number | null => (v === null ? null : Number(v));

/** The one mapping from a payments row to the domain's Payment: every reader of the table uses it. */
export function fromRow(row: PaymentRow): Payment {
  const [
    seq,
    id,
    kind,
    status,
    amount,
    paidAmount,
    overpaidAmount,
    refundedAmount,
    currency,
    mainCurrency,
    externalId,
    requestHash,
    memo,
    address,
    description,
    customerJson,
    callbackUrl,
    successUrl,
    failUrl,
    metadataJson,
    allowedOriginsJson,
    late,
    expiresAt,
    paidAt,
    createdAt,
    updatedAt,
    test,
    tip,
    pricingJson,
    toleranceBps,
  ] = row;
  return {
    seq: Number(seq),
    id,
    kind,
    status,
    amount,
    paidAmount,
    overpaidAmount,
    refundedAmount,
    currency,
    mainCurrency,
    externalId,
    requestHash,
    memo,
    address,
    description,
    customer: parseJson(customerJson),
    callbackUrl,
    successUrl,
    failUrl,
    metadata: parseJson(metadataJson),
    allowedOrigins: parseJson(allowedOriginsJson),
    late: late === 1n,
    expiresAt: Number(expiresAt),
    paidAt: toNumber(paidAt),
    createdAt: Number(createdAt),
    updatedAt: Number(updatedAt),
    test: test === 1n,
    tip,
    pricing: pricingFromJson(pricingJson),
    toleranceBps: Number(toleranceBps),
  };
}

export const REAL_ONLY = 'payments.test = 0';
/** The figures' filter: a test on rows an index already found (test payments are few, and no plan changes for them). */
export const realOnly = (includeTest: boolean): string => (includeTest ? '' : ` AND ${REAL_ONLY}`);
/** One asset's rows, its code written into the SQL from the registry (a code not in it throws): a handful of shapes, each prepared once. */
export const inAsset = (currency: AssetCode): string => `payments.currency = '${ASSETS[currency].code}'`;
/** The figures of one asset: amounts of two assets are never added up. */
export const figureScope = (includeTest: boolean, currency: AssetCode): string =>
  `${realOnly(includeTest)} AND ${inAsset(currency)}`;

/** A statement reading whole payments: selected in PAYMENT_COLUMNS' order, each row an array, INTEGERs as bigint. */
export const rows = <P extends unknown[] | object>(stmt: Statement<P>): Statement<P, PaymentRow> =>
  stmt.safeIntegers(true).raw(true) as unknown as Statement<P, PaymentRow>;
