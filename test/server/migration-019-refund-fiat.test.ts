// SQLite step 019 (PostgreSQL's 008, which test/postgres/schema-parity.test.ts holds to the same columns):
// a refund keeps what it was stated as when a fiat amount; every refund before the step was stated in its asset.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

const insertRefund = (db: BetterSqlite3.Database, id: string) =>
  db
    .prepare(
      `INSERT INTO refunds (id, payment_id, status, amount, destination, memo, created_by, created_at, updated_at)
       VALUES (?, 'pay_x', 'sent', 5, 'dest', ?, 'api', 1, 1)`,
    )
    .run(id, `memo-${id}`);

describe('migration 019', () => {
  it('leaves the refunds recorded before it without a fiat statement, and keeps one given after it', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = OFF');
    migrate(db, migrations.slice(0, 18));
    insertRefund(db, 'before');
    migrate(db, migrations.slice(0, 19));
    expect(db.pragma('user_version', { simple: true })).toBe(19);
    insertRefund(db, 'after');
    const fiat = '{"amount":"1.00","currency":"EUR","rate":"0.92","basis":"original","source":"sandbox","fixedAt":1}';
    db.prepare("UPDATE refunds SET fiat_json = ? WHERE id = 'after'").run(fiat);
    expect(db.prepare('SELECT id, fiat_json FROM refunds ORDER BY id').all()).toEqual([
      { id: 'after', fiat_json: fiat },
      { id: 'before', fiat_json: null },
    ]);
  });
});
