import type { PgMigration } from './index';

/** SQLite's step 019: a refund stated as a fiat amount keeps its amount, currency, rate, basis and source (JSON text). */
export const refundFiatMigration: PgMigration = {
  version: 8,
  name: '008-refund-fiat',
  async up(sql) {
    await sql.exec(`ALTER TABLE refunds ADD COLUMN fiat_json text;`);
  },
};
