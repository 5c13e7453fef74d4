import type { Migration } from './index';

/**
 * What the console's search box reads of a payment, lower-cased: id, memo, order reference, description
 * and customer email. These never change after a payment is made, so the index is written on insert only.
 */
export const PAYMENT_SEARCH_TEXT = (row: string) =>
  `lower(${row}.id || ' ' || ${row}.memo || ' ' || ifnull(${row}.external_id, '') || ' ' || ifnull(${row}.description, '')
  || ' ' || ifnull(json_extract(${row}.customer_json, '$.email'), ''))`;

export const paymentSearchMigration: Migration = {
  version: 14,
  name: '014-payment-search',
  up(db) {
    db.exec(`
      -- The search box finds any part of a reference, description, email, memo or id: a trigram index
      -- answers a substring of 3+ characters from the index instead of reading every payment (seconds at
      -- 1M rows). Contentless: the text is in payments already; its rowid is the payment's seq.
      CREATE VIRTUAL TABLE payment_search USING fts5(body, tokenize = 'trigram', content = '');
      INSERT INTO payment_search (rowid, body) SELECT seq, ${PAYMENT_SEARCH_TEXT('payments')} FROM payments;
      CREATE TRIGGER payment_search_on_insert AFTER INSERT ON payments BEGIN
        INSERT INTO payment_search (rowid, body) VALUES (new.seq, ${PAYMENT_SEARCH_TEXT('new')});
      END;
      -- An amount typed in the search box finds payments of exactly that amount, newest first.
      CREATE INDEX payments_amount ON payments (amount, seq);
    `);
  },
};
