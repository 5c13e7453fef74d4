import type { PgMigration } from './index';

/** SQLite's step 017: the asset of each recorded transfer and wallet movement; rows before it were USDT. */
export const transferAssetsMigration: PgMigration = {
  version: 6,
  name: '006-transfer-assets',
  async up(sql) {
    await sql.exec(`
      ALTER TABLE transfers ADD COLUMN asset text NOT NULL DEFAULT 'USDT' CHECK (asset <> '');
      ALTER TABLE wallet_movements ADD COLUMN asset text NOT NULL DEFAULT 'USDT' CHECK (asset <> '');
    `);
  },
};
