import type { PgMigration } from './index';

/**
 * What the console's search box reads of a payment, lower-cased (as SQLite's step 014): the query repeats
 * this expression word for word, so the planner can use the index built on it.
 */
export const PG_PAYMENT_SEARCH_TEXT = `lower(id || ' ' || memo || ' ' || coalesce(external_id, '') || ' ' ||
  coalesce(description, '') || ' ' || coalesce(customer_json::jsonb ->> 'email', ''))`;

/** SQLite's step 014: any part of the search text through a trigram index (pg_trgm), and amounts exactly. */
export const paymentSearchMigration: PgMigration = {
  version: 4,
  name: '004-payment-search',
  async up(sql) {
    await sql.exec(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX payments_search ON payments USING gin ((${PG_PAYMENT_SEARCH_TEXT}) gin_trgm_ops);
      CREATE INDEX payments_amount ON payments (amount, seq);
    `);
  },
};
