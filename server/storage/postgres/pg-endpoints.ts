import type { EndpointStatus } from '../../../contract/webhooks';
import type { EndpointHealth, EndpointRoute, NewEndpoint, WebhookEndpoint } from '../records';
import type { EndpointRepository } from '../webhook-repositories';
import { at, type PgSql } from './pg-sql';

interface EndpointRow {
  id: string;
  url: string;
  events_json: string;
  enabled: boolean;
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  status: EndpointStatus;
  consecutive_failures: number;
  failing_since: number | null;
  last_delivery_at: number | null;
  created_at: number;
  updated_at: number;
}

interface HealthRow {
  status: EndpointStatus;
  consecutive_failures: number;
  failing_since: number | null;
  last_delivery_at: number | null;
}

const COLUMNS = `id, url, events_json, enabled, description, secret, previous_secret, previous_secret_expires_at,
  status, consecutive_failures, failing_since, last_delivery_at, created_at, updated_at`;

const fromRow = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: JSON.parse(r.events_json) as string[],
  enabled: r.enabled,
  description: r.description,
  secret: r.secret,
  previousSecret: r.previous_secret,
  previousSecretExpiresAt: r.previous_secret_expires_at,
  status: r.status,
  consecutiveFailures: r.consecutive_failures,
  failingSince: r.failing_since,
  lastDeliveryAt: r.last_delivery_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Webhook endpoints in PostgreSQL. Unlike SQLite's, `routes()` keeps nothing beyond its transaction
 * (this object lives for one): other instances change endpoints too. Within it, the routes are read
 * once, not once per event recorded (a watcher batch records hundreds), and this object's own
 * changes forget them.
 */
export class PgEndpoints implements EndpointRepository {
  private routesRead: Promise<readonly EndpointRoute[]> | null = null;

  constructor(private readonly sql: PgSql) {}

  async insert(e: NewEndpoint): Promise<void> {
    this.routesRead = null;
    await this.sql.run(
      `INSERT INTO webhook_endpoints (id, url, events_json, enabled, description, secret, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [e.id, e.url, JSON.stringify(e.events), e.enabled, e.description, e.secret, at(e.createdAt)],
    );
  }

  async update(e: WebhookEndpoint): Promise<void> {
    this.routesRead = null;
    await this.sql.run(
      `UPDATE webhook_endpoints SET url = $2, events_json = $3, enabled = $4, description = $5, secret = $6,
      previous_secret = $7, previous_secret_expires_at = $8, updated_at = $9 WHERE id = $1 AND deleted_at IS NULL`,
      [
        e.id,
        e.url,
        JSON.stringify(e.events),
        e.enabled,
        e.description,
        e.secret,
        e.previousSecret,
        at(e.previousSecretExpiresAt),
        at(e.updatedAt),
      ],
    );
  }

  async find(id: string): Promise<WebhookEndpoint | null> {
    const row = await this.sql.one<EndpointRow>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return row ? fromRow(row) : null;
  }

  async list(): Promise<WebhookEndpoint[]> {
    return (
      await this.sql.rows<EndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE deleted_at IS NULL ORDER BY seq`)
    ).map(fromRow);
  }

  routes(): Promise<readonly EndpointRoute[]> {
    return (this.routesRead ??= this.readRoutes());
  }

  private async readRoutes(): Promise<readonly EndpointRoute[]> {
    const rows = await this.sql.rows<Pick<EndpointRow, 'id' | 'url' | 'events_json'>>(`SELECT id, url, events_json
      FROM webhook_endpoints WHERE deleted_at IS NULL AND enabled ORDER BY seq`);
    return rows.map((r) => ({ id: r.id, url: r.url, events: JSON.parse(r.events_json) as string[] }));
  }

  async health(id: string): Promise<EndpointHealth | null> {
    // as SQLite, deleted endpoints too: attempts in flight when one was deleted are still recorded
    const row = await this.sql.one<HealthRow>(
      `SELECT status, consecutive_failures, failing_since, last_delivery_at
      FROM webhook_endpoints WHERE id = $1`,
      [id],
    );
    return row
      ? {
          status: row.status,
          consecutiveFailures: row.consecutive_failures,
          failingSince: row.failing_since,
          lastDeliveryAt: row.last_delivery_at,
        }
      : null;
  }

  async saveHealth(id: string, h: EndpointHealth): Promise<void> {
    await this.sql.run(
      `UPDATE webhook_endpoints SET status = $2, consecutive_failures = $3, failing_since = $4, last_delivery_at = $5
      WHERE id = $1`,
      [id, h.status, h.consecutiveFailures, at(h.failingSince), at(h.lastDeliveryAt)],
    );
  }

  async softDelete(id: string, now: number): Promise<boolean> {
    this.routesRead = null;
    return (
      (await this.sql.run(
        `UPDATE webhook_endpoints SET deleted_at = $2, enabled = false, secret = '', previous_secret = NULL
      WHERE id = $1 AND deleted_at IS NULL`,
        [id, at(now)],
      )) === 1
    );
  }
}
