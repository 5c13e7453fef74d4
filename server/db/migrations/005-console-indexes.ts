import type { Migration } from './index';

export const consoleIndexesMigration: Migration = {
  version: 5,
  name: '005-console-indexes',
  up(db) {
    db.exec(`
      -- Dashboard volume by day: only settled payments carry paid_at, so the index stays small.
      CREATE INDEX payments_paid_at ON payments (paid_at) WHERE paid_at IS NOT NULL;
      -- Payments list filtered by status and date, newest first, keyset on seq.
      CREATE INDEX payments_status_created ON payments (status, created_at);
    `);
  },
};
