// SQLite step 017 (PostgreSQL's 006, which test/postgres/schema-parity.test.ts holds to the same columns):
// transfers and wallet movements say their asset; everything recorded before the step was USDT.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

const insertTransfer = (db: BetterSqlite3.Database, hash: string, asset?: string) =>
  db
    .prepare(
      `INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at${asset ? ', asset' : ''})
       VALUES (?, 1, 1, 1500000000, 'unmatched', 1${asset ? ', ?' : ''})`,
    )
    .run(...(asset ? [hash, asset] : [hash]));

const insertMovement = (db: BetterSqlite3.Database, hash: string, asset?: string) =>
  db
    .prepare(
      `INSERT INTO wallet_movements (tx_hash, account, lt, utime, kind, amount, query_id, created_at${asset ? ', asset' : ''})
       VALUES (?, 'acct', 1, 1, 'sent', 5, '0', 1${asset ? ', ?' : ''})`,
    )
    .run(...(asset ? [hash, asset] : [hash]));

describe('migration 017', () => {
  it('makes the transfers and movements recorded before it USDT, keeps an asset given after it, and refuses an empty one', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 16));
    insertTransfer(db, 'before');
    insertMovement(db, 'before');
    migrate(db, migrations.slice(0, 17));
    expect(db.pragma('user_version', { simple: true })).toBe(17);
    insertTransfer(db, 'after', 'TON');
    insertMovement(db, 'after', 'TON');
    for (const table of ['transfers', 'wallet_movements']) {
      expect(db.prepare(`SELECT tx_hash, asset FROM ${table} ORDER BY tx_hash`).all()).toEqual([
        { tx_hash: 'after', asset: 'TON' },
        { tx_hash: 'before', asset: 'USDT' },
      ]);
      expect(() => db.prepare(`UPDATE ${table} SET asset = '' WHERE tx_hash = 'after'`).run()).toThrow(
        /CHECK constraint/,
      );
    }
  });
});
