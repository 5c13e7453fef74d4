// The ledger's schema is written twice, once per engine (server/db/migrations/ and
// server/storage/postgres/migrations/). This compares what the two ladders build, table by table,
// so a step written for one engine and forgotten for the other fails here, naming table and column.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/local-postgres';
import { migrations, type Migration } from '../../server/db/migrations/index';
import { migratePg, openPgPool } from '../../server/storage/postgres/pg-database';
import { pgMigrations, type PgMigration } from '../../server/storage/postgres/migrations/index';
import { TEST_PG_URL_ENV } from '../helpers/test-database';
import { KNOWN_DIFFERENCES, unexplained } from './schema-parity/known-differences';
import { pgShape } from './schema-parity/pg-shape';
import { schemaDrift } from './schema-parity/schema-parity';
import type { SchemaShape } from './schema-parity/schema-shape';
import { sqliteShape } from './schema-parity/sqlite-shape';

const made: string[] = [];

function adminUrl(): string {
  const url = process.env[TEST_PG_URL_ENV];
  if (!url) throw new Error(`${TEST_PG_URL_ENV} is not set: run this in vitest's postgres project`);
  return url;
}

/** What `ladder` builds in a new, empty database (not the suite's template: it must run every step). */
async function pgShapeOf(ladder: readonly PgMigration[]): Promise<SchemaShape> {
  const name = `tontill_parity_${made.length + 1}_${process.pid}`;
  await createDatabase(adminUrl(), name);
  made.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = openPgPool(url.toString(), { max: 1 });
  try {
    await migratePg(pool, ladder);
  } finally {
    await pool.end();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await pgShape(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const name of made) await dropDatabase(adminUrl(), name);
});

/** One more step at the top of SQLite's ladder. */
const sqliteStep = (statements: string): Migration => ({
  version: migrations.length + 1,
  name: 'parity-probe',
  up: (db) => db.exec(statements),
});

/** One more step at the top of PostgreSQL's ladder. */
const pgStep = (statements: string): PgMigration => ({
  version: pgMigrations.length + 1,
  name: 'parity-probe',
  up: (sql) => sql.exec(statements),
});

describe('the SQLite and PostgreSQL ladders', () => {
  let pgLatest: Promise<SchemaShape> | undefined;
  const pgAsReleased = (): Promise<SchemaShape> => (pgLatest ??= pgShapeOf(pgMigrations));

  it('build the same tables, columns, keys, checks and indexes, apart from the differences listed with their reason', async () => {
    const drift = schemaDrift(sqliteShape(migrations), await pgAsReleased());
    const { drift: unexplainedDrift, staleExplanations } = unexplained(drift);
    expect(
      unexplainedDrift,
      'drift between the ladders: add the missing step to the other engine (a new step, never an edit)',
    ).toEqual([]);
    expect(
      staleExplanations,
      'listed as a known difference but no longer found: remove it from known-differences.ts',
    ).toEqual([]);
    for (const [line, why] of KNOWN_DIFFERENCES) expect(why.length, `a reason for "${line}"`).toBeGreaterThan(10);
  });

  it('name the table and column of a column a step adds to SQLite only', async () => {
    const sqlite = sqliteShape([...migrations, sqliteStep('ALTER TABLE payments ADD COLUMN note TEXT')]);
    expect(unexplained(schemaDrift(sqlite, await pgAsReleased())).drift).toEqual([
      'column payments.note: only in SQLite',
    ]);
  });

  it('name the table and column of a column a step adds to PostgreSQL only', async () => {
    const pgWithNote = await pgShapeOf([...pgMigrations, pgStep('ALTER TABLE refunds ADD COLUMN note text')]);
    expect(unexplained(schemaDrift(sqliteShape(migrations), pgWithNote)).drift).toEqual([
      'column refunds.note: only in PostgreSQL',
    ]);
  });

  it('report a column both add but with another type, nullability or default, and an index or CHECK on one side', async () => {
    const sqlite = sqliteShape([
      ...migrations,
      sqliteStep(`
      ALTER TABLE refunds ADD COLUMN note TEXT;
      ALTER TABLE refunds ADD COLUMN confirmed_at INTEGER;
      CREATE INDEX refunds_confirmed ON refunds (confirmed_at) WHERE status = 'sent';
    `),
    ]);
    const pgSide = await pgShapeOf([
      ...pgMigrations,
      pgStep(`
      ALTER TABLE refunds ADD COLUMN note bigint NOT NULL DEFAULT 0 CHECK (note >= 0);
      ALTER TABLE refunds ADD COLUMN confirmed_at bigint;
      CREATE INDEX refunds_confirmed ON refunds (confirmed_at) WHERE status IN ('sent', 'failed');
    `),
    ]);
    expect(unexplained(schemaDrift(sqlite, pgSide)).drift).toEqual([
      'column refunds.note: SQLite TEXT should be text in PostgreSQL, is bigint',
      'column refunds.note: NOT NULL only in PostgreSQL',
      'column refunds.note: default none in SQLite, 0 in PostgreSQL',
      'column refunds.confirmed_at: SQLite INTEGER should be timestamptz in PostgreSQL, is bigint',
      'check refunds (note >= 0): only in PostgreSQL',
      "index refunds_confirmed: ON refunds (confirmed_at) WHERE status = 'sent' in SQLite, " +
        "ON refunds (confirmed_at) WHERE status IN('sent','failed') in PostgreSQL",
    ]);
  });
});
