// PostgreSQL step 006 (SQLite's 017): transfers and wallet movements say their asset, and the rows
// recorded before the step become USDT, the only asset there was.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/local-postgres';
import { migratePg, openPgPool } from '../../server/storage/postgres/pg-database';
import { pgMigrations } from '../../server/storage/postgres/migrations/index';
import { TEST_PG_URL_ENV } from '../helpers/test-database';

const name = `tontill_step006_${process.pid}`;
const adminUrl = (): string => {
  const url = process.env[TEST_PG_URL_ENV];
  if (!url) throw new Error(`${TEST_PG_URL_ENV} is not set: run this in vitest's postgres project`);
  return url;
};
const databaseUrl = (): string => Object.assign(new URL(adminUrl()), { pathname: `/${name}` }).toString();

async function migrateTo(steps: number): Promise<void> {
  const pool = openPgPool(databaseUrl(), { max: 1 });
  try {
    await migratePg(pool, pgMigrations.slice(0, steps));
  } finally {
    await pool.end();
  }
}

afterAll(async () => {
  await dropDatabase(adminUrl(), name);
});

describe('PostgreSQL migration 006', () => {
  it('makes the transfers and movements recorded before it USDT, keeps an asset given after it, and refuses an empty one', async () => {
    await createDatabase(adminUrl(), name);
    await migrateTo(5);
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const insert = async (hash: string, asset?: string) => {
        const [column, value] = asset ? [', asset', `, '${asset}'`] : ['', ''];
        await client.query(`INSERT INTO transfers (tx_hash, lt, utime, amount, status, created_at${column})
          VALUES ('${hash}', 1, 1, 1500000000, 'unmatched', now()${value})`);
        await client.query(`INSERT INTO wallet_movements (tx_hash, account, lt, utime, kind, amount, query_id,
          created_at${column}) VALUES ('${hash}', 'acct', 1, 1, 'sent', 5, '0', now()${value})`);
      };
      await insert('before');
      await migrateTo(6);
      await insert('after', 'TON');
      for (const table of ['transfers', 'wallet_movements']) {
        const { rows } = await client.query(`SELECT tx_hash, asset FROM ${table} ORDER BY tx_hash`);
        expect(rows).toEqual([
          { tx_hash: 'after', asset: 'TON' },
          { tx_hash: 'before', asset: 'USDT' },
        ]);
        await expect(client.query(`UPDATE ${table} SET asset = '' WHERE tx_hash = 'after'`)).rejects.toThrow(/check/);
      }
    } finally {
      await client.end();
    }
  });
});
