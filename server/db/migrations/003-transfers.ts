import type { Migration } from './index';

export const transfersMigration: Migration = {
  version: 3,
  name: '003-transfers',
  up(db) {
    db.exec(`
      -- One row per inbound jetton transfer seen on chain; tx_hash makes crediting idempotent.
      CREATE TABLE transfers (
        tx_hash TEXT PRIMARY KEY,
        lt INTEGER NOT NULL,
        utime INTEGER NOT NULL,
        amount INTEGER NOT NULL CHECK (amount >= 0),
        from_address TEXT,
        comment TEXT,
        payment_id TEXT REFERENCES payments (id),
        status TEXT NOT NULL CHECK (status IN ('credited', 'unmatched', 'dismissed')),
        resolution TEXT,
        created_at INTEGER NOT NULL,
        resolved_at INTEGER
      );
      CREATE INDEX transfers_payment ON transfers (payment_id, status, lt);
      CREATE INDEX transfers_status ON transfers (status, lt);

      CREATE TABLE watcher_cursor (
        account TEXT PRIMARY KEY,
        lt INTEGER NOT NULL,
        hash TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `);
  },
};
