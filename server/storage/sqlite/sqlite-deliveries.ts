import type { Database, Statement } from 'better-sqlite3';
import type { Attempt, Delivery, DeliveryFilter, DeliverySettlement, DueDelivery, NewDelivery } from '../records';
import type { DeliveryRepository } from '../webhook-repositories';
import { attemptFromRow, deliveryFromRow, type AttemptRow, type DeliveryRow } from '../stored-rows';
import { StatementCache } from './statement-cache';

/** A delivery row with the start of its last answer (webhook_attempts_delivery makes it one index probe). */
const WITH_EXCERPT = `SELECT d.*, (SELECT substr(a.response_body, 1, 200) FROM webhook_attempts a
  WHERE a.delivery_id = d.id ORDER BY a.seq DESC LIMIT 1) AS last_response_excerpt FROM webhook_deliveries d`;

// Endpoint rows go to the endpoint's current URL, so fixing a wrong URL also fixes its backlog.
// A delivery is due when its time has come and nothing older for the same target and payment is still pending.
const DUE_SQL = `SELECT d.seq, d.id, d.event_id AS eventId, d.event_type AS eventType, d.payment_id AS paymentId,
    d.endpoint_id AS endpointId, COALESCE(e.url, d.url) AS url, d.order_key AS orderKey, d.attempts, d.give_up_at AS giveUpAt,
    ev.created_at AS eventCreatedAt, ev.data_json AS dataJson,
    e.secret, e.previous_secret AS previousSecret, e.previous_secret_expires_at AS previousSecretExpiresAt
  FROM webhook_deliveries d INDEXED BY webhook_deliveries_due
  JOIN payment_events ev ON ev.id = d.event_id
  LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= @now
    AND d.id NOT IN (SELECT value FROM json_each(@claimed))
    AND (d.endpoint_id IS NULL OR (e.deleted_at IS NULL AND (e.enabled = 1 OR d.event_type = 'webhook.test')))
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
      WHERE p.order_key = d.order_key AND p.status = 'pending' AND p.seq < d.seq)
  ORDER BY d.next_attempt_at, d.seq LIMIT @limit`;

export class SqliteDeliveries implements DeliveryRepository {
  private readonly insertStmt: Statement<[NewDelivery & { nextAttemptAt: number }]>;
  private readonly byIdStmt: Statement<[string], DeliveryRow>;
  private readonly attemptsStmt: Statement<[string], AttemptRow>;
  private readonly dueStmt: Statement<[{ now: number; limit: number; claimed: string }], DueDelivery>;
  private readonly nextDueStmt: Statement<[number], { at: number | null }>;
  private readonly insertAttemptStmt: Statement;
  private readonly settleStmt: Statement;
  private readonly hurryStmt: Statement<[number, string, number]>;
  private readonly retryNowStmt: Statement<[number, string]>;
  private readonly abandonStmt: Statement<[string, number, string]>;
  private readonly byShape: StatementCache;

  constructor(db: Database) {
    this.byShape = new StatementCache(db, false);
    this.insertStmt =
      db.prepare(`INSERT INTO webhook_deliveries (id, event_id, event_type, payment_id, endpoint_id, url, order_key,
      status, next_attempt_at, give_up_at, created_at)
      VALUES (@id, @eventId, @eventType, @paymentId, @endpointId, @url, @orderKey, 'pending', @nextAttemptAt, @giveUpAt, @createdAt)`);
    this.byIdStmt = db.prepare(`${WITH_EXCERPT} WHERE d.id = ?`);
    this.attemptsStmt = db.prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq');
    this.dueStmt = db.prepare(DUE_SQL);
    this.nextDueStmt = db.prepare(
      `SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at > ?`,
    );
    this.insertAttemptStmt =
      db.prepare(`INSERT INTO webhook_attempts (id, delivery_id, at, url, request_headers_json, request_body,
      response_status, response_body, duration_ms, error)
      VALUES (@id, @deliveryId, @at, @url, @requestHeaders, @requestBody, @responseStatus, @responseBody, @durationMs, @error)`);
    this.settleStmt = db.prepare(`UPDATE webhook_deliveries SET status = @status, attempts = attempts + 1,
      next_attempt_at = @nextAttemptAt, last_status_code = @statusCode, last_error = @error, delivered_at = @deliveredAt,
      url = @url WHERE id = @id AND status = 'pending'`);
    this.hurryStmt = db.prepare(`UPDATE webhook_deliveries SET next_attempt_at = ?
      WHERE status = 'pending' AND endpoint_id = ? AND next_attempt_at > ?`);
    this.retryNowStmt = db.prepare(`UPDATE webhook_deliveries SET next_attempt_at = MIN(next_attempt_at, ?)
      WHERE id = ? AND status = 'pending'`);
    this.abandonStmt = db.prepare(`UPDATE webhook_deliveries SET status = 'failed', last_error = ?, next_attempt_at = ?
      WHERE status = 'pending' AND endpoint_id = ?`);
  }

  async insert(d: NewDelivery): Promise<void> {
    this.insertStmt.run({ ...d, nextAttemptAt: d.createdAt });
  }

  async find(id: string): Promise<Delivery | null> {
    const row = this.byIdStmt.get(id);
    return row ? deliveryFromRow(row) : null;
  }

  async attempts(deliveryId: string): Promise<Attempt[]> {
    return this.attemptsStmt.all(deliveryId).map(attemptFromRow);
  }

  async list(filter: DeliveryFilter): Promise<Delivery[]> {
    const conds: string[] = [];
    if (filter.paymentId !== undefined) conds.push('d.payment_id = @paymentId');
    if (filter.status !== undefined) conds.push('d.status = @status');
    if (filter.target !== undefined)
      conds.push(filter.target === 'callbacks' ? 'd.endpoint_id IS NULL' : 'd.endpoint_id IS NOT NULL');
    if (filter.endpointId !== undefined) conds.push('d.endpoint_id = @endpointId');
    if (filter.eventId !== undefined) conds.push('d.event_id = @eventId');
    if (filter.eventType !== undefined) conds.push('d.event_type = @eventType');
    if (filter.attempted !== undefined) conds.push(filter.attempted ? 'd.attempts > 0' : 'd.attempts = 0');
    if (filter.beforeSeq !== undefined) conds.push('d.seq < @beforeSeq');
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const { target: _target, attempted: _attempted, ...rest } = filter;
    const params = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number
    >;
    return this.byShape
      .get<DeliveryRow>(`${WITH_EXCERPT} ${where} ORDER BY d.seq DESC LIMIT @limit`)
      .all(params)
      .map(deliveryFromRow);
  }

  async due(now: number, limit: number, claimed: readonly string[]): Promise<DueDelivery[]> {
    return this.dueStmt.all({ now, limit, claimed: JSON.stringify(claimed) });
  }

  async nextRetryAt(now: number): Promise<number | null> {
    return this.nextDueStmt.get(now)?.at ?? null;
  }

  async recordAttempt(a: Attempt): Promise<void> {
    this.insertAttemptStmt.run({ ...a, requestHeaders: JSON.stringify(a.requestHeaders) });
  }

  /** One process owns this outbox (the file is locked exclusively): its dispatcher keeps the claims in memory. */
  async claim(ids: readonly string[]): Promise<string[]> {
    return [...ids];
  }

  async settle(s: DeliverySettlement): Promise<void> {
    this.settleStmt.run(s);
  }

  async hurry(endpointId: string, now: number): Promise<number> {
    return this.hurryStmt.run(now, endpointId, now).changes;
  }

  async retryNow(id: string, now: number): Promise<boolean> {
    return this.retryNowStmt.run(now, id).changes > 0;
  }

  async abandon(endpointId: string, reason: string, now: number): Promise<number> {
    return this.abandonStmt.run(reason, now, endpointId).changes;
  }
}
