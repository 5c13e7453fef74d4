import type { PgMigration } from './index';

/** SQLite's step 013: payments made to try the flow (the widget preview, the demo shop), left out of the takings; 0 or 1, as SQLite's column, so the ladders agree. */
export const testPaymentsMigration: PgMigration = {
  version: 3,
  name: '003-test-payments',
  async up(sql) {
    await sql.exec(`
      ALTER TABLE payments ADD COLUMN test integer NOT NULL DEFAULT 0;
      CREATE INDEX payments_test ON payments (status, seq) WHERE test = 1;
    `);
  },
};
