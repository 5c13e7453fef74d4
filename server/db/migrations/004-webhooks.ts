import type { Migration } from './index';

export const webhooksMigration: Migration = {
  version: 4,
  name: '004-webhooks',
  up(db) {
    db.exec(`
      -- Store-wide webhook endpoints. Secrets are kept to sign; they leave the service only once.
      CREATE TABLE webhook_endpoints (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        url TEXT NOT NULL,
        events_json TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        description TEXT,
        secret TEXT NOT NULL,
        previous_secret TEXT,
        previous_secret_expires_at INTEGER,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing')),
        consecutive_failures INTEGER NOT NULL DEFAULT 0,
        failing_since INTEGER,
        last_delivery_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted_at INTEGER
      );

      -- The outbox: one row per (event, target), written in the transaction that records the event.
      -- order_key groups the rows that must arrive in order (one target, one payment).
      CREATE TABLE webhook_deliveries (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        event_id TEXT NOT NULL REFERENCES payment_events (id),
        event_type TEXT NOT NULL,
        payment_id TEXT,
        endpoint_id TEXT REFERENCES webhook_endpoints (id),
        url TEXT NOT NULL,
        order_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        give_up_at INTEGER NOT NULL,
        last_status_code INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        delivered_at INTEGER
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_order ON webhook_deliveries (order_key, seq) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_payment ON webhook_deliveries (payment_id, seq);
      CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq);
      CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, seq);
      CREATE INDEX webhook_deliveries_status ON webhook_deliveries (status, seq);

      -- Every HTTP attempt, as sent and as answered (response body truncated).
      CREATE TABLE webhook_attempts (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
        at INTEGER NOT NULL,
        url TEXT NOT NULL,
        request_headers_json TEXT NOT NULL,
        request_body TEXT NOT NULL,
        response_status INTEGER,
        response_body TEXT,
        duration_ms INTEGER NOT NULL,
        error TEXT
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, seq);
    `);
  },
};
