import type { Migration } from './index';

export const paymentsMigration: Migration = {
  version: 1,
  name: '001-payments',
  up(db) {
    db.exec(`
      CREATE TABLE payments (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('hpp', 'address', 'invoice', 'widget')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'partially_paid', 'paid', 'expired', 'cancelled')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        paid_amount INTEGER NOT NULL DEFAULT 0,
        overpaid_amount INTEGER NOT NULL DEFAULT 0,
        currency TEXT NOT NULL,
        main_currency TEXT NOT NULL,
        external_id TEXT UNIQUE,
        request_hash TEXT NOT NULL,
        memo TEXT NOT NULL UNIQUE,
        address TEXT NOT NULL,
        description TEXT,
        customer_json TEXT,
        callback_url TEXT,
        success_url TEXT,
        fail_url TEXT,
        metadata_json TEXT,
        allowed_origins_json TEXT,
        late INTEGER NOT NULL DEFAULT 0,
        expires_at INTEGER NOT NULL,
        paid_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX payments_status_seq ON payments (status, seq);
      CREATE INDEX payments_created_at ON payments (created_at);
      CREATE INDEX payments_open_expiry ON payments (expires_at) WHERE status IN ('pending', 'partially_paid');

      CREATE TABLE payment_events (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        payment_id TEXT REFERENCES payments (id),
        type TEXT NOT NULL,
        data_json TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX payment_events_payment ON payment_events (payment_id, seq);
    `);
  },
};
