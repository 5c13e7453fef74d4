import type { Migration } from './index';

export const tipsMigration: Migration = {
  version: 15,
  name: '015-tips',
  up(db) {
    db.exec(`
      -- The part of a till sale's amount the customer added as a tip, in micro-USDT: the invoice asks for
      -- subtotal + tip in one transfer, so the receipt and the close can say how much of it was a tip.
      -- Every payment made before this step had none.
      ALTER TABLE payments ADD COLUMN tip INTEGER NOT NULL DEFAULT 0 CHECK (tip >= 0);
    `);
  },
};
