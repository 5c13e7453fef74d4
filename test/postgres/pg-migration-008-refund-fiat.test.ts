// PostgreSQL step 008 (SQLite's 019): a refund keeps what it was stated as when a fiat amount, as JSON text;
// a refund without one (every refund before the step) has NULL.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/local-postgres';
import { migratePg, openPgPool } from '../../server/storage/postgres/pg-database';
import { pgMigrations } from '../../server/storage/postgres/migrations/index';
import { TEST_PG_URL_ENV } from '../helpers/test-database';

const name = `tontill_step008_${process.pid}`;
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

describe('PostgreSQL migration 008', () => {
  it('adds refunds.fiat_json as nullable text', async () => {
    await createDatabase(adminUrl(), name);
    await migrateTo(7);
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const column = () =>
        client.query(
          `SELECT data_type, is_nullable FROM information_schema.columns WHERE table_name = 'refunds' AND column_name = 'fiat_json'`,
        );
      expect((await column()).rows).toEqual([]);
      await migrateTo(8);
      expect((await column()).rows).toEqual([{ data_type: 'text', is_nullable: 'YES' }]);
    } finally {
      await client.end();
    }
  });
});
