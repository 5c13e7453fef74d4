import type { Migration } from './index';

export const testPaymentsMigration: Migration = {
  version: 13,
  name: '013-test-payments',
  up(db) {
    db.exec(`
      -- Payments the console's widget preview and the demo shop make to try the flow: the dashboard, the
      -- close and its CSV leave them out unless asked. Every payment made before this step was a real one.
      ALTER TABLE payments ADD COLUMN test INTEGER NOT NULL DEFAULT 0;
      -- The dashboard counts by status from payments_status and takes away the few test payments
      -- found here, instead of reading every row to look at its flag.
      CREATE INDEX payments_test ON payments (status, seq) WHERE test = 1;
    `);
  },
};
