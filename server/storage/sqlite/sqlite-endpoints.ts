import type { EndpointStatus } from '../../../contract/webhooks';
import type { Database, Statement } from 'better-sqlite3';
import type { EndpointHealth, EndpointRoute, NewEndpoint, WebhookEndpoint } from '../records';
import type { EndpointRepository } from '../webhook-repositories';

interface EndpointRow {
  id: string;
  url: string;
  events_json: string;
  enabled: number;
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

const fromRow = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: JSON.parse(r.events_json) as string[],
  enabled: r.enabled === 1,
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

export class SqliteEndpoints implements EndpointRepository {
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly byIdStmt: Statement<[string], EndpointRow>;
  private readonly listStmt: Statement<[], EndpointRow>;
  private readonly enabledStmt: Statement<[], EndpointRow>;
  private readonly healthStmt: Statement<[string], EndpointHealth>;
  private readonly saveHealthStmt: Statement<[EndpointHealth & { id: string }]>;
  private readonly deleteStmt: Statement<[number, string]>;
  /**
   * Read on every event inside the recording transaction, so kept in memory: this process owns the
   * file, and every change to endpoints goes through this object.
   */
  private routesCache: EndpointRoute[] | null = null;

  constructor(db: Database) {
    this.insertStmt =
      db.prepare(`INSERT INTO webhook_endpoints (id, url, events_json, enabled, description, secret, created_at, updated_at)
      VALUES (@id, @url, @events, @enabled, @description, @secret, @createdAt, @createdAt)`);
    this.updateStmt = db.prepare(`UPDATE webhook_endpoints SET url = @url, events_json = @events, enabled = @enabled,
      description = @description, secret = @secret, previous_secret = @previousSecret,
      previous_secret_expires_at = @previousSecretExpiresAt, updated_at = @updatedAt WHERE id = @id AND deleted_at IS NULL`);
    this.byIdStmt = db.prepare('SELECT * FROM webhook_endpoints WHERE id = ? AND deleted_at IS NULL');
    this.listStmt = db.prepare('SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL ORDER BY seq');
    this.enabledStmt = db.prepare(
      'SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL AND enabled = 1 ORDER BY seq',
    );
    this.healthStmt =
      db.prepare(`SELECT status, consecutive_failures AS consecutiveFailures, failing_since AS failingSince,
      last_delivery_at AS lastDeliveryAt FROM webhook_endpoints WHERE id = ?`);
    this.saveHealthStmt =
      db.prepare(`UPDATE webhook_endpoints SET status = @status, consecutive_failures = @consecutiveFailures,
      failing_since = @failingSince, last_delivery_at = @lastDeliveryAt WHERE id = @id`);
    this.deleteStmt =
      db.prepare(`UPDATE webhook_endpoints SET deleted_at = ?, enabled = 0, secret = '', previous_secret = NULL
      WHERE id = ? AND deleted_at IS NULL`);
  }

  async insert(e: NewEndpoint): Promise<void> {
    this.insertStmt.run({ ...e, events: JSON.stringify(e.events), enabled: e.enabled ? 1 : 0 });
    this.routesCache = null;
  }

  async update(e: WebhookEndpoint): Promise<void> {
    this.updateStmt.run({
      id: e.id,
      url: e.url,
      events: JSON.stringify(e.events),
      enabled: e.enabled ? 1 : 0,
      description: e.description,
      secret: e.secret,
      previousSecret: e.previousSecret,
      previousSecretExpiresAt: e.previousSecretExpiresAt,
      updatedAt: e.updatedAt,
    });
    this.routesCache = null;
  }

  async find(id: string): Promise<WebhookEndpoint | null> {
    const row = this.byIdStmt.get(id);
    return row ? fromRow(row) : null;
  }

  async list(): Promise<WebhookEndpoint[]> {
    return this.listStmt.all().map(fromRow);
  }

  async routes(): Promise<readonly EndpointRoute[]> {
    this.routesCache ??= this.enabledStmt
      .all()
      .map(fromRow)
      .map(({ id, url, events }) => ({ id, url, events }));
    return this.routesCache;
  }

  async health(id: string): Promise<EndpointHealth | null> {
    return this.healthStmt.get(id) ?? null;
  }

  async saveHealth(id: string, health: EndpointHealth): Promise<void> {
    this.saveHealthStmt.run({ ...health, id });
  }

  async softDelete(id: string, now: number): Promise<boolean> {
    this.routesCache = null;
    return this.deleteStmt.run(now, id).changes === 1;
  }

  /** A rolled-back job may have changed endpoints: what was read since is forgotten. */
  forgetRoutes(): void {
    this.routesCache = null;
  }
}
