import type { Migration } from './index';

export const transferDecisionsMigration: Migration = {
  version: 6,
  name: '006-transfer-decisions',
  up(db) {
    db.exec(`
      -- Every decision on an unmatched transfer (attach, dismiss, undo), kept after an undo so the
      -- inbox's history shows who decided what and when.
      CREATE TABLE transfer_decisions (
        seq INTEGER PRIMARY KEY,
        tx_hash TEXT NOT NULL REFERENCES transfers (tx_hash),
        action TEXT NOT NULL CHECK (action IN ('attached', 'dismissed', 'undone')),
        payment_id TEXT REFERENCES payments (id),
        note TEXT NOT NULL,
        actor TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX transfer_decisions_tx ON transfer_decisions (tx_hash, seq);
      CREATE INDEX transfer_decisions_action ON transfer_decisions (action, seq);

      -- Suggestions for an unmatched transfer: payments still open (or recently expired) whose due
      -- amount equals the transfer. Only those states are indexed, so paid history costs nothing.
      CREATE INDEX payments_due_amount ON payments (amount - paid_amount, created_at)
        WHERE status IN ('pending', 'partially_paid', 'expired');
    `);
  },
};
