import type { Migration } from './index';

export const refundsMigration: Migration = {
  version: 9,
  name: '009-refunds',
  up(db) {
    db.exec(`
      -- What the merchant's wallet has sent back for a payment (refunds that were sent and not bounced):
      -- kept on the payment so its public view needs no second read.
      ALTER TABLE payments ADD COLUMN refunded_amount INTEGER NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0);

      -- Refunds the merchant asked for, each waiting for the merchant's own wallet to send it. The
      -- memo is how the watcher recognises the transfer; the sent transaction is kept so a bounce
      -- (its query id coming back) can be traced to the refund.
      CREATE TABLE refunds (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        payment_id TEXT NOT NULL REFERENCES payments (id),
        status TEXT NOT NULL CHECK (status IN ('awaiting_signature', 'sent', 'failed', 'cancelled')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        destination TEXT NOT NULL,
        memo TEXT NOT NULL UNIQUE,
        reason TEXT,
        tx_hash TEXT,
        query_id TEXT,
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX refunds_payment ON refunds (payment_id, seq);
      CREATE INDEX refunds_sent_query ON refunds (query_id) WHERE status = 'sent';
    `);
  },
};
