import type { Migration } from './index';

export const paymentPricingMigration: Migration = {
  version: 18,
  name: '018-payment-pricing',
  up(db) {
    db.exec(`
      -- A payment priced in a fiat currency keeps its price and the quotes locked for its window, one per
      -- accepted asset (JSON: { price: { amount, currency }, quotes: [{ asset, amount, rate, source, fixedAt }] });
      -- NULL for a payment priced in the asset it is paid in, as every payment before this step was.
      ALTER TABLE payments ADD COLUMN pricing_json TEXT;
      -- The short payment the store accepted when the payment was made, in hundredths of a percent (50 = 0.5 %).
      ALTER TABLE payments ADD COLUMN tolerance_bps INTEGER NOT NULL DEFAULT 0 CHECK (tolerance_bps >= 0 AND tolerance_bps <= 10000);
    `);
  },
};
