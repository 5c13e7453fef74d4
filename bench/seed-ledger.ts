import { Address } from '@ton/core';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from '../server/db/database';
import { migratePg, openPgPool } from '../server/storage/postgres/pg-database';

/** Where the seeded payments say they are paid: addresses of no chain, the rows are never credited. */
export const SEED_CHAIN = {
  mode: 'sandbox' as const,
  merchantAddress: new Address(0, Buffer.alloc(32, 7)).toString({ testOnly: true }),
  jettonMaster: new Address(0, Buffer.alloc(32, 9)).toString({ testOnly: true }),
};
const STATUSES = ['pending', 'paid', 'paid', 'paid', 'expired', 'cancelled', 'partially_paid'];

/** Where a seeded ledger lives: the SQLite file of a data directory, or a PostgreSQL database. */
export type SeedTarget = { dataDir: string } | { url: string };

/** The `i`th seeded payment: the same rows on either engine. */
function seedRow(i: number, start: number) {
  const status = STATUSES[i % STATUSES.length]!;
  const created = start + i * 60_000;
  const amount = 1_000_000 + (i % 997) * 10_000;
  return {
    id: `pay_${i.toString(36).padStart(22, '0')}`,
    status,
    amount,
    paidAmount: status === 'paid' ? amount : 0,
    externalId: `order-${i}`,
    memo: `TT-B${String(i).padStart(9, '0')}`,
    description: i % 3 ? `Order ${i}` : null,
    expiresAt: created + 1_800_000,
    paidAt: status === 'paid' ? created + 30_000 : null,
    createdAt: created,
  };
}

/** `rows` payments in the ledger at `target`, through the engine's fastest honest bulk path. */
export async function seedLedger(target: SeedTarget, rows: number): Promise<void> {
  if ('dataDir' in target) seedPayments(target.dataDir, rows);
  else await seedPgPayments(target.url, rows);
}

/** `rows` payments in the data directory's ledger: one prepared statement, one transaction, the fastest honest way to a big ledger. */
export function seedPayments(dataDir: string, rows: number): void {
  const db = openDatabase(join(dataDir, 'tontill.db'));
  const insert =
    db.prepare(`INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, currency, main_currency,
    external_id, request_hash, memo, address, description, late, expires_at, paid_at, created_at, updated_at)
    VALUES (?, 'invoice', ?, ?, ?, 0, 'USDT', 'TON', ?, 'x', ?, ?, ?, 0, ?, ?, ?, ?)`);
  const start = Date.now() - rows * 60_000;
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const r = seedRow(i, start);
      insert.run(
        r.id,
        r.status,
        r.amount,
        r.paidAmount,
        r.externalId,
        r.memo,
        SEED_CHAIN.merchantAddress,
        r.description,
        r.expiresAt,
        r.paidAt,
        r.createdAt,
        r.createdAt,
      );
    }
  })();
  closeDatabase(db);
}

/** Rows per INSERT … SELECT FROM unnest(…) on PostgreSQL: one round trip carries this many payments. */
const PG_CHUNK = 10_000;

/**
 * The same `rows` payments in the PostgreSQL database at `url`, migrated as the service migrates it:
 * one transaction of INSERT … SELECT FROM unnest(column arrays), PG_CHUNK rows a statement (row by
 * row, a million payments would be a million round trips). Then VACUUM ANALYZE, which autovacuum
 * would have run on a ledger that grew to this size over months: the planner sees its statistics.
 */
export async function seedPgPayments(url: string, rows: number): Promise<void> {
  const pool = openPgPool(url, { max: 1, applicationName: 'tontill-bench-seed' });
  try {
    await migratePg(pool);
    const client = await pool.connect();
    try {
      const start = Date.now() - rows * 60_000;
      const ms = (column: string) => `timestamptz 'epoch' + ${column} * interval '1 millisecond'`;
      await client.query('BEGIN');
      for (let from = 0; from < rows; from += PG_CHUNK) {
        const chunk = Array.from({ length: Math.min(PG_CHUNK, rows - from) }, (_, k) => seedRow(from + k, start));
        await client.query(
          `INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, currency, main_currency,
          external_id, request_hash, memo, address, description, late, expires_at, paid_at, created_at, updated_at)
          SELECT id, 'invoice', status, amount, paid_amount, 0, 'USDT', 'TON', external_id, 'x', memo, $11, description, false,
            ${ms('expires_at')}, ${ms('paid_at')}, ${ms('created_at')}, ${ms('created_at')}
          FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[], $5::text[], $6::text[], $7::text[], $8::int8[], $9::int8[], $10::int8[])
            WITH ORDINALITY AS r(id, status, amount, paid_amount, external_id, memo, description, expires_at, paid_at, created_at, n)
          ORDER BY n`,
          [
            chunk.map((r) => r.id),
            chunk.map((r) => r.status),
            chunk.map((r) => r.amount),
            chunk.map((r) => r.paidAmount),
            chunk.map((r) => r.externalId),
            chunk.map((r) => r.memo),
            chunk.map((r) => r.description),
            chunk.map((r) => r.expiresAt),
            chunk.map((r) => r.paidAt),
            chunk.map((r) => r.createdAt),
            SEED_CHAIN.merchantAddress,
          ],
        );
      }
      await client.query('COMMIT');
      await client.query('VACUUM ANALYZE payments');
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
