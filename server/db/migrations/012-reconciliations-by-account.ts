import type { Migration } from './index';

export const reconciliationsByAccountMigration: Migration = {
  version: 12,
  name: '012-reconciliations-by-account',
  up(db) {
    db.exec(`
      -- The latest verdict for the watched account (WHERE account = ? ORDER BY seq DESC LIMIT 1) is one
      -- index step instead of a walk back through every other account's verdicts. PostgreSQL's ladder
      -- has had this index since its first step; test/postgres/schema-parity.test.ts found it missing here.
      CREATE INDEX reconciliations_account ON reconciliations (account, seq);
    `);
  },
};
