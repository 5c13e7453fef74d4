import type { Migration } from './index';

export const transfersByPositionMigration: Migration = {
  version: 8,
  name: '008-transfers-by-position',
  up(db) {
    // The old tables reference each other while they are swapped: the keys are checked at COMMIT,
    // when "transfers" is the new table holding the same rows.
    db.pragma('defer_foreign_keys = ON');
    db.exec(`
      -- Keyed by chain position (lt, then hash) instead of by hash: a transaction's hash fixes its lt,
      -- so the key is as unique as before, and the watcher's inserts now append to the table instead
      -- of writing a random page of a hash index each (a third of the cost of crediting a transfer).
      CREATE TABLE transfers_by_position (
        tx_hash TEXT NOT NULL,
        lt INTEGER NOT NULL,
        utime INTEGER NOT NULL,
        amount INTEGER NOT NULL CHECK (amount >= 0),
        from_address TEXT,
        comment TEXT,
        payment_id TEXT REFERENCES payments (id),
        status TEXT NOT NULL CHECK (status IN ('credited', 'unmatched', 'dismissed')),
        resolution TEXT,
        created_at INTEGER NOT NULL,
        resolved_at INTEGER,
        PRIMARY KEY (lt, tx_hash)
      ) WITHOUT ROWID;
      INSERT INTO transfers_by_position (tx_hash, lt, utime, amount, from_address, comment, payment_id, status, resolution, created_at, resolved_at)
        SELECT tx_hash, lt, utime, amount, from_address, comment, payment_id, status, resolution, created_at, resolved_at FROM transfers;

      CREATE TABLE decisions_by_position (
        seq INTEGER PRIMARY KEY,
        tx_lt INTEGER NOT NULL,
        tx_hash TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('attached', 'dismissed', 'undone')),
        payment_id TEXT REFERENCES payments (id),
        note TEXT NOT NULL,
        actor TEXT NOT NULL,
        at INTEGER NOT NULL,
        FOREIGN KEY (tx_lt, tx_hash) REFERENCES transfers_by_position (lt, tx_hash)
      );
      INSERT INTO decisions_by_position (seq, tx_lt, tx_hash, action, payment_id, note, actor, at)
        SELECT d.seq, t.lt, d.tx_hash, d.action, d.payment_id, d.note, d.actor, d.at
        FROM transfer_decisions d JOIN transfers t ON t.tx_hash = d.tx_hash;

      DROP TABLE transfer_decisions;
      DROP TABLE transfers;
      -- renaming also rewrites the decisions' reference to the new name
      ALTER TABLE transfers_by_position RENAME TO transfers;
      ALTER TABLE decisions_by_position RENAME TO transfer_decisions;

      CREATE INDEX transfers_payment ON transfers (payment_id, status, lt);
      CREATE INDEX transfers_status ON transfers (status, lt);
      -- the inbox finds its transfers by hash alone; credited ones, the bulk, stay out of this index
      CREATE INDEX transfers_open_hash ON transfers (tx_hash) WHERE status <> 'credited';
      CREATE INDEX transfer_decisions_tx ON transfer_decisions (tx_hash, seq);
      CREATE INDEX transfer_decisions_action ON transfer_decisions (action, seq);
    `);
  },
};
