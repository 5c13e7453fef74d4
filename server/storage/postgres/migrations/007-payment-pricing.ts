import type { PgMigration } from './index';

/** SQLite's step 018: a fiat-priced payment's price and locked quotes (JSON text), and the short payment it tolerates. */
export const paymentPricingMigration: PgMigration = {
  version: 7,
  name: '007-payment-pricing',
  async up(sql) {
    await sql.exec(`
      ALTER TABLE payments ADD COLUMN pricing_json text;
      ALTER TABLE payments ADD COLUMN tolerance_bps integer NOT NULL DEFAULT 0 CHECK (tolerance_bps >= 0 AND tolerance_bps <= 10000);
    `);
  },
};
