import type { Migration } from './index';

export const consoleIndexesMigration: Migration = {
  version: 5,
  name: '005-console-indexes',
  up(db) {
    db.exec(`
      -- Dashboard volume by day: only settled payments carry paid_at, so the index stays small,
      -- and with paid_amount in it the sums never touch the table.
      CREATE INDEX payments_paid_at ON payments (paid_at, paid_amount) WHERE paid_at IS NOT NULL;
    `);
  },
};
