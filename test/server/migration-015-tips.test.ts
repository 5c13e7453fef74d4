// SQLite step 015 (PostgreSQL's 005, which test/postgres/schema-parity.test.ts holds to the same column):
// a payment records the tip its amount includes; every payment made before the step had none.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

const insertPayment = (db: BetterSqlite3.Database, id: string) =>
  db
    .prepare(
      `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at,
      created_at, updated_at) VALUES (?, 'invoice', 'pending', 14380000, 'USDT', 'TON', 'h', ?, 'EQ', 1, 1, 1)`,
    )
    .run(id, `TT-${id}`);

describe('migration 015', () => {
  it('gives payments made before it no tip, keeps a tip given after it, and refuses a negative one', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 14));
    insertPayment(db, 'before');
    migrate(db, migrations.slice(0, 15));
    expect(db.pragma('user_version', { simple: true })).toBe(15);
    insertPayment(db, 'after');
    db.prepare(`UPDATE payments SET tip = 1880000 WHERE id = 'after'`).run();
    expect(db.prepare('SELECT id, tip FROM payments ORDER BY id').safeIntegers(true).all()).toEqual([
      { id: 'after', tip: 1_880_000n },
      { id: 'before', tip: 0n },
    ]);
    expect(() => db.prepare(`UPDATE payments SET tip = -1 WHERE id = 'after'`).run()).toThrow(/CHECK constraint/);
  });
});
