// SQLite step 014: the search box's trigram index holds the payments made before the step and every
// payment made after it, and an amount is found through an index. (PostgreSQL's step 004 is checked by
// test/postgres/schema-parity.test.ts and test/console/payment-search.test.ts on that engine.)
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

const insertPayment = (db: BetterSqlite3.Database, id: string, externalId: string, amount: number) =>
  db
    .prepare(
      `INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, currency, main_currency,
      external_id, request_hash, memo, address, description, customer_json, late, expires_at, created_at, updated_at)
      VALUES (?, 'invoice', 'pending', ?, 0, 0, 'USDT', 'TON', ?, 'x', ?, 'EQaddr', 'Blue Mug', ?, 0, 2, 1, 1)`,
    )
    .run(id, amount, externalId, `TT-${id.slice(-6).toUpperCase()}`, JSON.stringify({ email: `${id}@Shop.example` }));

const found = (db: BetterSqlite3.Database, text: string) =>
  (
    db
      .prepare('SELECT rowid FROM payment_search WHERE payment_search MATCH ? ORDER BY rowid')
      .all(`"${text}"`) as Array<{ rowid: number }>
  ).map((r) => r.rowid);

describe('migration 014', () => {
  it('indexes the payments made before it and after it, in any case, and finds an amount by index', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 13));
    insertPayment(db, 'pay_before00000000000000a1', 'SHOP-Order-1', 12_500_000);
    migrate(db, migrations.slice(0, 14));
    expect(db.pragma('user_version', { simple: true })).toBe(14);
    insertPayment(db, 'pay_after000000000000000b2', 'shop-order-2', 3_000_000);
    expect(found(db, 'order-')).toEqual([1, 2]);
    expect(found(db, 'ORDER-1')).toEqual([1]);
    expect(found(db, 'blue mug')).toEqual([1, 2]);
    expect(found(db, 'b2@shop')).toEqual([2]);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT seq FROM payments WHERE amount = 3000000 ORDER BY seq DESC LIMIT 200')
      .all() as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/INDEX payments_amount/);
  });
});
