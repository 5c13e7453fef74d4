// A database of its own for one PostgreSQL migration step's test: created empty, migrated step by
// step through the ladder, dropped after the file.
import pg from 'pg';
import { afterAll } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/local-postgres';
import { migratePg, openPgPool } from '../../server/storage/postgres/pg-database';
import { pgMigrations } from '../../server/storage/postgres/migrations/index';
import { TEST_PG_URL_ENV } from '../helpers/test-database';

export interface StepDatabase {
  /** creates the database and runs the ladder's first `steps` steps on it */
  create(steps: number): Promise<void>;
  /** runs the ladder up to step `steps` */
  migrateTo(steps: number): Promise<void>;
  /** a client on the database, connected; the caller ends it */
  connect(): Promise<pg.Client>;
}

/** The database for step `step`'s test (dropped in afterAll of the calling file). */
export function stepDatabase(step: string): StepDatabase {
  const name = `tontill_step${step}_${process.pid}`;
  const adminUrl = (): string => {
    const url = process.env[TEST_PG_URL_ENV];
    if (!url) throw new Error(`${TEST_PG_URL_ENV} is not set: run this in vitest's postgres project`);
    return url;
  };
  const databaseUrl = (): string => Object.assign(new URL(adminUrl()), { pathname: `/${name}` }).toString();
  const migrateTo = async (steps: number): Promise<void> => {
    const pool = openPgPool(databaseUrl(), { max: 1 });
    try {
      await migratePg(pool, pgMigrations.slice(0, steps));
    } finally {
      await pool.end();
    }
  };
  afterAll(async () => {
    await dropDatabase(adminUrl(), name);
  });
  return {
    async create(steps) {
      await createDatabase(adminUrl(), name);
      await migrateTo(steps);
    },
    migrateTo,
    async connect() {
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      return client;
    },
  };
}
