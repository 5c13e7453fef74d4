// SQLite step 016: the trigger that indexed each payment in its own transaction is gone, and the
// progress row starts where step 014 left the index: every payment made before the step is indexed.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';
import { PaymentSearchIndex } from '../../server/storage/sqlite/sqlite-payment-search';

const insertPayment = (db: BetterSqlite3.Database, id: string, description: string) =>
  db
    .prepare(
      `INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, currency, main_currency,
      request_hash, memo, address, description, late, expires_at, created_at, updated_at)
      VALUES (?, 'invoice', 'pending', 1, 0, 0, 'USDT', 'TON', 'x', ?, 'EQaddr', ?, 0, 2, 1, 1)`,
    )
    .run(id, `TT-${id.slice(-6).toUpperCase()}`, description);

const found = (db: BetterSqlite3.Database, text: string) =>
  (
    db
      .prepare('SELECT rowid FROM payment_search WHERE payment_search MATCH ? ORDER BY rowid')
      .all(`"${text}"`) as Array<{ rowid: number }>
  ).map((r) => r.rowid);

describe('migration 016', () => {
  it('keeps what 014 indexed, stops indexing inside the insert, and the index catches up after', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 15));
    insertPayment(db, 'pay_before00000000000000a1', 'Rye loaf');
    insertPayment(db, 'pay_before00000000000000a2', 'Rye rolls');
    migrate(db, migrations.slice(0, 16));
    expect(db.pragma('user_version', { simple: true })).toBe(16);
    expect(db.prepare('SELECT indexed_through FROM payment_search_progress').pluck().get()).toBe(2);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").pluck().get()).toBe(0);
    insertPayment(db, 'pay_after000000000000000b3', 'Rye crackers');
    expect(found(db, 'rye')).toEqual([1, 2]);
    new PaymentSearchIndex(db).catchUp();
    expect(found(db, 'rye')).toEqual([1, 2, 3]);
    expect(db.prepare('SELECT indexed_through FROM payment_search_progress').pluck().get()).toBe(3);
  });
});
