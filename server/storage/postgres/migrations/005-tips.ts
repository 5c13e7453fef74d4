import type { PgMigration } from './index';

/** SQLite's step 015: the tip a till sale's amount includes, in micro-USDT (0: none), as SQLite's column, so the ladders agree. */
export const tipsMigration: PgMigration = {
  version: 5,
  name: '005-tips',
  async up(sql) {
    await sql.exec(`ALTER TABLE payments ADD COLUMN tip bigint NOT NULL DEFAULT 0 CHECK (tip >= 0);`);
  },
};
