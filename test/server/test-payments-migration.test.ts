import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

/** Step 013 of the SQLite ladder (PostgreSQL's 003): payments made to try the flow carry a mark. */
describe('migration 013', () => {
  it('marks no payment made before it as a test payment, and new ones only when told', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 12));
    const insert = (id: string, memo: string) =>
      db
        .prepare(
          `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at,
      created_at, updated_at) VALUES (?, 'invoice', 'paid', 5, 'USDT', 'TON', 'h', ?, 'EQ', 1, 1, 1)`,
        )
        .run(id, memo);
    insert('pay_before', 'TT-A');
    migrate(db, migrations.slice(0, 13));
    expect(db.pragma('user_version', { simple: true })).toBe(13);
    insert('pay_after', 'TT-B');
    db.prepare(`UPDATE payments SET test = 1 WHERE id = 'pay_after'`).run();
    expect(db.prepare('SELECT id, test FROM payments ORDER BY id').all()).toEqual([
      { id: 'pay_after', test: 1 },
      { id: 'pay_before', test: 0 },
    ]);
    // the dashboard's counts take the test payments away through their own small index, never a scan
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT COUNT(*) FROM payments WHERE status = 'paid' AND test = 1`)
      .all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join(' ')).toContain('USING COVERING INDEX payments_test');
  });
});
