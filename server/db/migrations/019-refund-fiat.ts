import type { Migration } from './index';

export const refundFiatMigration: Migration = {
  version: 19,
  name: '019-refund-fiat',
  up(db) {
    db.exec(`
      -- A refund of a fiat-priced payment stated as a fiat amount keeps what it was stated as: the amount and
      -- its currency, the rate it was converted at, its basis ('original': the payment's locked quote; 'current':
      -- the rate when it was asked) and the rate's source and time (JSON text, written by storage/refund-fiat-json.ts).
      -- NULL for a refund stated in the asset, as every refund before this step was.
      ALTER TABLE refunds ADD COLUMN fiat_json TEXT;
    `);
  },
};
