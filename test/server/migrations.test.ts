import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

const tables = (db: BetterSqlite3.Database) =>
  (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as Array<{ name: string }>
  ).map((r) => r.name);

describe('migrations', () => {
  it('are numbered 1..n in order', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_m, i) => i + 1));
  });

  it('001 creates payments with money columns that refuse a zero amount', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 1));
    expect(tables(db)).toEqual(['payment_events', 'payments']);
    const insert = () =>
      db
        .prepare(
          `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at, created_at, updated_at)
      VALUES ('pay_x', 'invoice', 'pending', 0, 'USDT', 'TON', 'h', 'm', 'a', 1, 1, 1)`,
        )
        .run();
    expect(insert).toThrow(/CHECK/);
  });

  it('002 adds keys, console sessions and settings', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 2));
    expect(tables(db)).toEqual(expect.arrayContaining(['api_keys', 'console_sessions', 'settings']));
  });

  it('003 makes a transaction hash unique in the transfer ledger', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 3));
    const insert = db.prepare(
      `INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at) VALUES ('ab', 1, 1, 5, 'unmatched', 1)`,
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE/);
  });

  it('006 keeps inbox decisions per transfer and indexes the payments an unmatched transfer may belong to', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 6));
    expect(tables(db)).toContain('transfer_decisions');
    db.prepare(
      `INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at) VALUES ('ab', 1, 1, 5, 'dismissed', 1)`,
    ).run();
    const decide = (action: string) =>
      db
        .prepare(
          `INSERT INTO transfer_decisions (tx_hash, action, note, actor, at) VALUES ('ab', ?, 'n', 'console', 1)`,
        )
        .run(action);
    decide('dismissed');
    expect(() => decide('deleted')).toThrow(/CHECK/);
    const plan = JSON.stringify(
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT * FROM payments WHERE amount - paid_amount = 5
      AND status IN ('pending', 'partially_paid', 'expired') AND (status <> 'expired' OR expires_at >= 0) LIMIT 200`,
        )
        .all(),
    );
    expect(plan).toMatch(/USING INDEX payments_due_amount/);
  });

  it("007 records the wallet's sends and bounces once each, and the books' verdicts", () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 7));
    expect(tables(db)).toEqual(expect.arrayContaining(['wallet_movements', 'reconciliations']));
    const move = (hash: string, kind: string, amount: number) =>
      db
        .prepare(
          `INSERT INTO wallet_movements
      (tx_hash, account, lt, utime, kind, amount, query_id, created_at) VALUES (?, '0:aa', 1, 1, ?, ?, '0', 1)`,
        )
        .run(hash, kind, amount);
    move('ab', 'sent', 5);
    expect(() => move('ab', 'sent', 5)).toThrow(/UNIQUE/);
    expect(() => move('cd', 'minted', 5)).toThrow(/CHECK/);
    expect(() => move('ef', 'returned', -1)).toThrow(/CHECK/);
    const plan = JSON.stringify(
      db
        .prepare(`EXPLAIN QUERY PLAN SELECT SUM(amount) FROM wallet_movements WHERE account = '0:aa' AND lt <= 9`)
        .all(),
    );
    expect(plan).toMatch(/USING (COVERING )?INDEX wallet_movements_lt/);
  });

  it("008 keys transfers by chain position, keeps every transfer and decision, and finds the inbox's by hash", () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 7));
    const transfer = db.prepare(
      `INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at) VALUES (?, ?, 1, 5, ?, 1)`,
    );
    transfer.run('aa', 30, 'credited');
    transfer.run('bb', 10, 'dismissed');
    db.prepare(
      `INSERT INTO transfer_decisions (tx_hash, action, note, actor, at) VALUES ('bb', 'dismissed', 'not ours', 'console', 2)`,
    ).run();
    migrate(db, migrations.slice(0, 8));
    expect(db.prepare('SELECT tx_hash, lt, status FROM transfers ORDER BY lt').all()).toEqual([
      { tx_hash: 'bb', lt: 10, status: 'dismissed' },
      { tx_hash: 'aa', lt: 30, status: 'credited' },
    ]);
    expect(db.prepare('SELECT tx_lt, tx_hash, action, note FROM transfer_decisions').all()).toEqual([
      { tx_lt: 10, tx_hash: 'bb', action: 'dismissed', note: 'not ours' },
    ]);
    // the same transaction again is refused by its position; a decision must name a real transfer
    expect(() => transfer.run('aa', 30, 'unmatched')).toThrow(/UNIQUE/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO transfer_decisions (tx_lt, tx_hash, action, note, actor, at) VALUES (11, 'bb', 'undone', 'n', 'c', 3)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
    expect(plan(`SELECT * FROM transfers WHERE tx_hash = 'bb' AND status <> 'credited'`)).toMatch(
      /USING INDEX transfers_open_hash/,
    );
    expect(plan(`SELECT * FROM transfers WHERE lt = 10 AND tx_hash = 'bb'`)).toMatch(/USING PRIMARY KEY/);
    expect(
      plan(
        `UPDATE transfers SET status = 'credited' WHERE tx_hash = 'bb' AND status = 'unmatched' AND status <> 'credited'`,
      ),
    ).toMatch(/USING INDEX transfers_open_hash/);
  });

  it('009 keeps refunds per payment with a unique memo, and gives existing payments nothing refunded', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 8));
    db.prepare(
      `INSERT INTO payments (id, kind, status, amount, currency, main_currency, request_hash, memo, address, expires_at,
      created_at, updated_at) VALUES ('pay_a', 'invoice', 'paid', 5, 'USDT', 'TON', 'h', 'TT-A', 'EQ', 1, 1, 1)`,
    ).run();
    migrate(db, migrations.slice(0, 9));
    expect(db.prepare('SELECT refunded_amount FROM payments').all()).toEqual([{ refunded_amount: 0 }]);
    const refund =
      db.prepare(`INSERT INTO refunds (id, payment_id, status, amount, destination, memo, created_by, created_at, updated_at)
      VALUES (?, ?, ?, ?, 'UQ', ?, 'api', 1, 1)`);
    refund.run('rfd_a', 'pay_a', 'awaiting_signature', 2, 'RF-A');
    expect(() => refund.run('rfd_b', 'pay_a', 'awaiting_signature', 1, 'RF-A')).toThrow(/UNIQUE/);
    expect(() => refund.run('rfd_c', 'pay_none', 'awaiting_signature', 1, 'RF-C')).toThrow(/FOREIGN KEY/);
    expect(() => refund.run('rfd_d', 'pay_a', 'refunded', 1, 'RF-D')).toThrow(/CHECK/);
    expect(() => refund.run('rfd_e', 'pay_a', 'sent', 0, 'RF-E')).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE payments SET refunded_amount = -1').run()).toThrow(/CHECK/);
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
    expect(plan(`SELECT * FROM refunds WHERE payment_id = 'pay_a' ORDER BY seq`)).toMatch(
      /USING INDEX refunds_payment/,
    );
    expect(plan(`SELECT * FROM refunds WHERE query_id = '7' AND status = 'sent'`)).toMatch(
      /USING INDEX refunds_sent_query/,
    );
  });

  it("010 adds cashiers with one live name each, keeps existing sessions the owner's, and an audit log", () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 9));
    db.prepare(
      `INSERT INTO console_sessions (token_hash, kind, created_at, expires_at) VALUES ('h1', 'session', 1, 9)`,
    ).run();
    migrate(db, migrations.slice(0, 10));
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    expect(db.prepare('SELECT token_hash, cashier_id FROM console_sessions').all()).toEqual([
      { token_hash: 'h1', cashier_id: null },
    ]);
    const cashier = db.prepare('INSERT INTO cashiers (id, name, created_at, revoked_at) VALUES (?, ?, 1, ?)');
    cashier.run('csh_a', 'Ana', null);
    expect(() => cashier.run('csh_b', 'ana', null)).toThrow(/UNIQUE/);
    cashier.run('csh_c', 'Ana', 5);
    expect(() =>
      db
        .prepare(
          `INSERT INTO console_sessions (token_hash, kind, created_at, expires_at, cashier_id) VALUES ('h2', 'session', 1, 9, 'csh_none')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare(
      `INSERT INTO audit_log (at, actor, action, target) VALUES (1, 'owner', 'api_key.create', 'key_1')`,
    ).run();
    expect(db.prepare('SELECT seq, actor, detail_json FROM audit_log').all()).toEqual([
      { seq: 1, actor: 'owner', detail_json: null },
    ]);
  });

  it('011 counts passphrase guesses per client address, one row each, and finds the windows that are over by their start', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 11));
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    const put = db.prepare('INSERT INTO sign_in_guesses (client, guesses, window_started_at) VALUES (?, ?, ?)');
    put.run('203.0.113.9', 1, 1_000);
    expect(() => put.run('203.0.113.9', 2, 1_000)).toThrow(/UNIQUE/);
    expect(() => put.run('203.0.113.10', 0, 1_000)).toThrow(/CHECK/);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM sign_in_guesses WHERE window_started_at <= 5')
      .all() as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING (COVERING )?INDEX sign_in_guesses_started/);
  });

  it('012 finds the latest verdict for an account through an index', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 12));
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT * FROM reconciliations WHERE account = 'EQ1' ORDER BY seq DESC LIMIT 1")
      .all() as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING INDEX reconciliations_account/);
  });

  it('run as one transaction: a failing step leaves the database untouched', () => {
    const db = new BetterSqlite3(':memory:');
    const broken = [
      ...migrations.slice(0, 1),
      {
        version: 2,
        name: 'broken',
        up: () => {
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow('boom');
    expect(tables(db)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
  });

  it('uses indexes for the hot lookups', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations);
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
    expect(plan(`SELECT * FROM payments WHERE id = 'x'`)).toMatch(/USING INDEX/);
    expect(plan(`SELECT * FROM payments WHERE memo = 'x'`)).toMatch(/USING INDEX/);
    expect(plan(`SELECT * FROM payments WHERE status = 'paid' ORDER BY seq DESC LIMIT 50`)).toMatch(
      /USING INDEX payments_status_seq/,
    );
    expect(plan(`SELECT * FROM api_keys WHERE key_hash = 'x'`)).toMatch(/USING INDEX/);
    // not the status index: that one would scan every credited transfer of the store
    expect(plan(`SELECT * FROM transfers WHERE payment_id = 'x' AND status = 'credited' ORDER BY lt`)).toMatch(
      /USING INDEX transfers_payment/,
    );
  });
});
