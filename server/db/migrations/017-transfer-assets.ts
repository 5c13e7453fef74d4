import type { Migration } from './index';

export const transferAssetsMigration: Migration = {
  version: 17,
  name: '017-transfer-assets',
  up(db) {
    db.exec(`
      -- The asset of every transfer the watcher records and of every other movement of a watched wallet:
      -- USDT on the store's jetton wallet, Toncoin on the store's own wallet. Payments already say theirs
      -- (payments.currency). Everything recorded before this step was USDT, the only asset there was.
      -- No list of codes here: a new asset is an entry in contract/asset.ts, not a migration.
      ALTER TABLE transfers ADD COLUMN asset TEXT NOT NULL DEFAULT 'USDT' CHECK (asset <> '');
      ALTER TABLE wallet_movements ADD COLUMN asset TEXT NOT NULL DEFAULT 'USDT' CHECK (asset <> '');
    `);
  },
};
