import type { Migration } from './index';

export const paymentSearchOffTheInsertMigration: Migration = {
  version: 16,
  name: '016-payment-search-off-the-insert',
  up(db) {
    db.exec(`
      -- The trigger of step 014 indexed each payment inside the transaction that made it: a one-row FTS5
      -- write per commit cost more than the rest of creating an invoice (invoice creation fell from 4,900
      -- to 3,000 a second). The index now follows the payments a few hundred rows at a time
      -- (server/storage/sqlite/sqlite-payment-search.ts), and this row says how far it has come.
      CREATE TABLE payment_search_progress (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_through INTEGER NOT NULL
      );
      INSERT INTO payment_search_progress (id, indexed_through) SELECT 1, ifnull(max(seq), 0) FROM payments;
      DROP TRIGGER payment_search_on_insert;
    `);
  },
};
