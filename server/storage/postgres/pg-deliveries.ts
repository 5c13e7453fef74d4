import type { Attempt, Delivery, DeliveryFilter, DeliverySettlement, DueDelivery, NewDelivery } from '../records';
import type { DeliveryRepository } from '../webhook-repositories';
import { attemptFromRow, deliveryFromRow, type AttemptRow, type DeliveryRow } from '../stored-rows';
import { at, num, type PgSql } from './pg-sql';

/** `due` names its columns as the record's fields; only seq (int8) arrives as a bigint. */
type DueRow = Omit<DueDelivery, 'seq'> & { seq: bigint };

/** A delivery row with the start of its last answer (webhook_attempts_delivery makes it one index probe). */
const WITH_EXCERPT = `SELECT d.seq, d.id, d.event_id, d.event_type, d.payment_id, d.endpoint_id, d.url, d.status, d.attempts,
    d.next_attempt_at, d.last_status_code, d.last_error, d.created_at, d.delivered_at,
    (SELECT substr(a.response_body, 1, 200) FROM webhook_attempts a
      WHERE a.delivery_id = d.id ORDER BY a.seq DESC LIMIT 1) AS last_response_excerpt
  FROM webhook_deliveries d`;

// Endpoint rows go to the endpoint's current URL, so fixing a wrong URL also fixes its backlog.
// A delivery is due when its time has come and nothing older for the same target and payment is still
// pending (a pending older row keeps its successors back even while another instance holds it).
// Rows another instance claimed are left out until the claim lapses.
const DUE_SQL = `SELECT d.seq, d.id, d.event_id AS "eventId", d.event_type AS "eventType", d.payment_id AS "paymentId",
    d.endpoint_id AS "endpointId", COALESCE(e.url, d.url) AS url, d.order_key AS "orderKey", d.attempts, d.give_up_at AS "giveUpAt",
    ev.created_at AS "eventCreatedAt", ev.data_json AS "dataJson",
    e.secret, e.previous_secret AS "previousSecret", e.previous_secret_expires_at AS "previousSecretExpiresAt"
  FROM webhook_deliveries d
  JOIN payment_events ev ON ev.id = d.event_id
  LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= $1
    AND NOT (d.id = ANY($3::text[]))
    AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
    AND (d.endpoint_id IS NULL OR (e.deleted_at IS NULL AND (e.enabled OR d.event_type = 'webhook.test')))
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
      WHERE p.order_key = d.order_key AND p.status = 'pending' AND p.seq < d.seq)
  ORDER BY d.next_attempt_at, d.seq LIMIT $2`;

// SKIP LOCKED: a row another instance is claiming right now is simply not ours. The claim compares
// lapse times with the caller's clock, the one `until` and `due` use.
const CLAIM_SQL = `WITH c AS (
    SELECT id FROM webhook_deliveries
    WHERE id = ANY($1::text[]) AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= $4 OR claimed_by = $2)
    FOR UPDATE SKIP LOCKED),
  taken AS (UPDATE webhook_deliveries d SET claimed_by = $2, claimed_until = $3 FROM c WHERE d.id = c.id RETURNING d.id)
  SELECT id FROM taken ORDER BY array_position($1::text[], id)`;

/** The outbox rows and their attempt log, shared by every instance through claims. */
export class PgDeliveries implements DeliveryRepository {
  constructor(private readonly sql: PgSql) {}

  async insert(d: NewDelivery): Promise<void> {
    await this.sql.run(
      `INSERT INTO webhook_deliveries (id, event_id, event_type, payment_id, endpoint_id, url, order_key,
      status, next_attempt_at, give_up_at, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $8)`,
      [d.id, d.eventId, d.eventType, d.paymentId, d.endpointId, d.url, d.orderKey, at(d.createdAt), at(d.giveUpAt)],
    );
  }

  async find(id: string): Promise<Delivery | null> {
    const row = await this.sql.one<DeliveryRow>(`${WITH_EXCERPT} WHERE d.id = $1`, [id]);
    return row ? deliveryFromRow(row) : null;
  }

  async attempts(deliveryId: string): Promise<Attempt[]> {
    const rows = await this.sql.rows<AttemptRow>(
      `SELECT id, delivery_id, at, url, request_headers_json, request_body,
      response_status, response_body, duration_ms, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY seq`,
      [deliveryId],
    );
    return rows.map(attemptFromRow);
  }

  async list(filter: DeliveryFilter): Promise<Delivery[]> {
    const conds: string[] = [];
    const values: unknown[] = [];
    const add = (cond: (n: string) => string, value: unknown): void => {
      values.push(value);
      conds.push(cond(`$${values.length}`));
    };
    if (filter.paymentId !== undefined) add((n) => `d.payment_id = ${n}`, filter.paymentId);
    if (filter.status !== undefined) add((n) => `d.status = ${n}`, filter.status);
    if (filter.target !== undefined)
      conds.push(filter.target === 'callbacks' ? 'd.endpoint_id IS NULL' : 'd.endpoint_id IS NOT NULL');
    if (filter.endpointId !== undefined) add((n) => `d.endpoint_id = ${n}`, filter.endpointId);
    if (filter.eventId !== undefined) add((n) => `d.event_id = ${n}`, filter.eventId);
    if (filter.eventType !== undefined) add((n) => `d.event_type = ${n}`, filter.eventType);
    if (filter.attempted !== undefined) conds.push(filter.attempted ? 'd.attempts > 0' : 'd.attempts = 0');
    if (filter.beforeSeq !== undefined) add((n) => `d.seq < ${n}`, filter.beforeSeq);
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    values.push(filter.limit);
    const rows = await this.sql.rows<DeliveryRow>(
      `${WITH_EXCERPT} ${where} ORDER BY d.seq DESC LIMIT $${values.length}`,
      values,
    );
    return rows.map(deliveryFromRow);
  }

  async due(now: number, limit: number, claimed: readonly string[]): Promise<DueDelivery[]> {
    const rows = await this.sql.rows<DueRow>(DUE_SQL, [at(now), limit, claimed]);
    return rows.map((r) => ({ ...r, seq: num(r.seq) }));
  }

  async nextRetryAt(now: number): Promise<number | null> {
    const row = await this.sql.one<{ at: number | null }>(
      `SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at > $1`,
      [at(now)],
    );
    return row?.at ?? null;
  }

  async claim(ids: readonly string[], holder: string, until: number, now: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.rows<{ id: string }>(CLAIM_SQL, [ids, holder, at(until), at(now)]);
    return rows.map((r) => r.id);
  }

  async recordAttempt(a: Attempt): Promise<void> {
    await this.sql.run(
      `INSERT INTO webhook_attempts (id, delivery_id, at, url, request_headers_json, request_body,
      response_status, response_body, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        a.id,
        a.deliveryId,
        at(a.at),
        a.url,
        JSON.stringify(a.requestHeaders),
        a.requestBody,
        a.responseStatus,
        a.responseBody,
        a.durationMs,
        a.error,
      ],
    );
  }

  async settle(s: DeliverySettlement): Promise<void> {
    // the attempt is over: the row is free for whichever instance finds it due next
    await this.sql.run(
      `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, next_attempt_at = $3,
      last_status_code = $4, last_error = $5, delivered_at = $6, url = $7, claimed_by = NULL, claimed_until = NULL
      WHERE id = $1 AND status = 'pending'`,
      [s.id, s.status, at(s.nextAttemptAt), s.statusCode, s.error, at(s.deliveredAt), s.url],
    );
  }

  async hurry(endpointId: string, now: number): Promise<number> {
    return this.sql.run(
      `UPDATE webhook_deliveries SET next_attempt_at = $1
      WHERE status = 'pending' AND endpoint_id = $2 AND next_attempt_at > $1`,
      [at(now), endpointId],
    );
  }

  async retryNow(id: string, now: number): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE webhook_deliveries SET next_attempt_at = LEAST(next_attempt_at, $1) WHERE id = $2 AND status = 'pending'`,
      [at(now), id],
    );
    return changed > 0;
  }

  async abandon(endpointId: string, reason: string, now: number): Promise<number> {
    return this.sql.run(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $1, next_attempt_at = $2
      WHERE status = 'pending' AND endpoint_id = $3`,
      [reason, at(now), endpointId],
    );
  }
}
