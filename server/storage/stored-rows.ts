import type { AssetCode } from '../../contract/asset';
import type { DeliveryStatus } from '../../contract/webhooks';
import type { TransferStatus } from '../../contract/chain';
import type { ApiKeyRecord, CashierRecord, SessionHolder } from './access-repositories';
import type { AuditEntry } from './audit-repositories';
import type { EventReads, TransferReads } from './ledger-repositories';
import type { DeliveryReads } from './webhook-repositories';

/**
 * Rows as both ledgers return them, and their mappers to the records the port answers with. Both
 * engines use the same column names, so each shape and mapper is written once, here; the SQL that
 * produces the rows stays in each engine's own file.
 *
 * Integers: a SQLite statement read with `safeIntegers` gives every INTEGER as a bigint, one read
 * without gives numbers; PostgreSQL gives int8 as bigint and timestamptz as epoch-ms numbers
 * (postgres/pg-sql.ts). So a column that is not money or a chain position is typed `Int` and passes
 * through `Number()`, which leaves a number as it is: both engines map to exactly what they did alone.
 */
type Int = bigint | number;

// The port names these records but keeps them in folders above this layer (README, "Known exception");
// taken from the port's own signatures, so this file imports nothing the port does not already.
type StoredEvent = Awaited<ReturnType<EventReads['after']>>[number];
type TransferRecord = Awaited<ReturnType<TransferReads['withStatus']>>[number];
type TransferDecisionRecord = Awaited<ReturnType<TransferReads['decisions']>>[number];
type CreditedTransfer = Awaited<ReturnType<TransferReads['creditedTo']>>[number];
type Delivery = Awaited<ReturnType<DeliveryReads['list']>>[number];
type Attempt = Awaited<ReturnType<DeliveryReads['attempts']>>[number];

/** api_keys without the hash: what identifies and describes a key. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export const apiKeyFromRow = (r: ApiKeyRow): ApiKeyRecord => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** A live session joined to its cashier (none: the owner's). */
export interface SessionHolderRow {
  cashier_id: string | null;
  cashier_name: string | null;
}

export const holderFromRow = (r: SessionHolderRow): SessionHolder => ({
  cashierId: r.cashier_id,
  cashierName: r.cashier_name,
});

/** The columns a cashier is listed with: never the passphrase hash, only whether there is one. */
export const CASHIER_COLUMNS =
  'id, name, passphrase_hash IS NOT NULL AS has_passphrase, created_at, last_sign_in_at, revoked_at';

export interface CashierRow {
  id: string;
  name: string;
  /** `IS NOT NULL` is 0 or 1 in SQLite, a boolean in PostgreSQL */
  has_passphrase: number | boolean;
  created_at: number;
  last_sign_in_at: number | null;
  revoked_at: number | null;
}

export const cashierFromRow = (r: CashierRow): CashierRecord => ({
  id: r.id,
  name: r.name,
  hasPassphrase: r.has_passphrase === true || r.has_passphrase === 1,
  createdAt: r.created_at,
  lastSignInAt: r.last_sign_in_at,
  revokedAt: r.revoked_at,
});

export interface AuditRow {
  /** a number in SQLite, int8 (bigint) in PostgreSQL */
  seq: Int;
  at: number;
  actor: string;
  action: string;
  target: string | null;
  detail_json: string | null;
}

export const auditFromRow = (r: AuditRow): AuditEntry => ({
  seq: Number(r.seq),
  at: r.at,
  actor: r.actor,
  action: r.action,
  target: r.target,
  detail: r.detail_json === null ? null : (JSON.parse(r.detail_json) as Record<string, unknown>),
});

export interface EventRow {
  seq: bigint;
  id: string;
  payment_id: string | null;
  type: StoredEvent['type'];
  data_json: string;
  created_at: Int;
}

export const eventFromRow = (r: EventRow): StoredEvent => ({
  id: r.id,
  seq: Number(r.seq),
  type: r.type,
  paymentId: r.payment_id,
  createdAt: Number(r.created_at),
  data: JSON.parse(r.data_json),
});

/** A transfer; lt and amount are bigint in both engines (a chain position, money). */
export interface TransferRow {
  asset: AssetCode;
  tx_hash: string;
  lt: bigint;
  utime: bigint;
  amount: bigint;
  from_address: string | null;
  comment: string | null;
  payment_id: string | null;
  status: TransferStatus;
  resolution: string | null;
  created_at: Int;
  resolved_at: Int | null;
}

export const transferFromRow = (r: TransferRow): TransferRecord => ({
  asset: r.asset,
  txHash: r.tx_hash,
  lt: r.lt,
  utime: Number(r.utime),
  amount: r.amount,
  from: r.from_address,
  comment: r.comment,
  paymentId: r.payment_id,
  status: r.status,
  resolution: r.resolution,
  createdAt: Number(r.created_at),
  resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
});

/** A credited transfer as a payment lists it: credited when it was recorded. */
export const creditedFromRow = (r: TransferRow): CreditedTransfer => ({
  txHash: r.tx_hash,
  amount: r.amount,
  from: r.from_address,
  comment: r.comment,
  creditedAt: Number(r.created_at),
});

/**
 * A decision on a transfer. `tx_lt` is a column of its own in SQLite; PostgreSQL keeps none (the hash
 * is the transfers' key) and its query joins it from the transfer. Either way it arrives as a bigint.
 */
export interface DecisionRow {
  seq: bigint;
  tx_lt: bigint;
  tx_hash: string;
  action: TransferDecisionRecord['action'];
  payment_id: string | null;
  note: string;
  actor: string;
  at: Int;
}

export const decisionFromRow = (r: DecisionRow): TransferDecisionRecord => ({
  seq: Number(r.seq),
  txLt: r.tx_lt,
  txHash: r.tx_hash,
  action: r.action,
  paymentId: r.payment_id,
  note: r.note,
  actor: r.actor,
  at: Number(r.at),
});

/** A delivery with the start of its last answer (`last_response_excerpt`, from a subquery). */
export interface DeliveryRow {
  /** a number in SQLite, int8 (bigint) in PostgreSQL */
  seq: Int;
  id: string;
  event_id: string;
  event_type: string;
  payment_id: string | null;
  endpoint_id: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
  last_response_excerpt: string | null;
}

export interface AttemptRow {
  id: string;
  delivery_id: string;
  at: number;
  url: string;
  request_headers_json: string;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

export const deliveryFromRow = (r: DeliveryRow): Delivery => ({
  seq: Number(r.seq),
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  paymentId: r.payment_id,
  endpointId: r.endpoint_id,
  url: r.url,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  lastResponseExcerpt: r.last_response_excerpt,
  createdAt: r.created_at,
  deliveredAt: r.delivered_at,
});

export const attemptFromRow = (r: AttemptRow): Attempt => ({
  id: r.id,
  deliveryId: r.delivery_id,
  at: r.at,
  url: r.url,
  requestHeaders: JSON.parse(r.request_headers_json) as Record<string, string>,
  requestBody: r.request_body,
  responseStatus: r.response_status,
  responseBody: r.response_body,
  durationMs: r.duration_ms,
  error: r.error,
});
