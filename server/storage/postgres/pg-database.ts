import pg from 'pg';
import { pgMigrations, type PgMigration } from './migrations/index';
import { PG_TYPES, PgSql } from './pg-sql';

export class PgSchemaFromFutureError extends Error {
  constructor(found: number, known: number) {
    super(`database schema version ${found} is newer than this build knows (${known}); refusing to open it`);
    this.name = 'PgSchemaFromFutureError';
  }
}

export interface PgPoolOptions {
  /** connections this instance keeps; the watcher's lease and the event relay hold one more each */
  max?: number;
  /** shown in pg_stat_activity, so an operator sees which instance holds what */
  applicationName?: string;
}

/** A pool of connections to `url`, with TonTill's type parsing (int8 as bigint, timestamptz as epoch ms). */
export function openPgPool(url: string, options: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: PG_TYPES,
    application_name: options.applicationName ?? 'tontill',
    // a connection the server drops (a restart, a failover) is replaced, not handed to the next caller
    idleTimeoutMillis: 30_000,
  });
  // An idle connection that dies emits here; without a listener that would kill the process.
  pool.on('error', () => undefined);
  return pool;
}

/** A dedicated connection outside the pool (a lease, LISTEN), with the same type parsing. */
export function openPgClient(url: string, applicationName = 'tontill'): pg.Client {
  return new pg.Client({ connectionString: url, types: PG_TYPES, application_name: applicationName });
}

/** A key shared by every instance: starting several at once migrates once. */
const MIGRATION_LOCK = 7_311_001;

/**
 * Runs every pending step in one transaction, under an advisory lock, so instances starting together
 * migrate once and a failed step leaves nothing behind. The version is recorded in `schema_version`;
 * a database from a newer build is refused.
 */
export async function migratePg(pool: pg.Pool, ladder: readonly PgMigration[] = pgMigrations): Promise<number> {
  ladder.forEach((step, index) => {
    if (step.version !== index + 1) throw new Error(`migration ${step.name} is out of order`);
  });
  const client = await pool.connect();
  const sql = new PgSql(client, 'migrate');
  try {
    await sql.exec('BEGIN');
    await sql.run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // asked first: CREATE … IF NOT EXISTS needs the CREATE privilege even when the table is there
    const present = await sql.one<{ found: boolean }>("SELECT to_regclass('schema_version') IS NOT NULL AS found");
    if (!present?.found)
      await sql.exec('CREATE TABLE schema_version (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)');
    const current =
      (await sql.one<{ version: number }>('SELECT version FROM schema_version WHERE id = 1'))?.version ?? 0;
    if (current > ladder.length) throw new PgSchemaFromFutureError(current, ladder.length);
    for (const step of ladder.slice(current)) await step.up(sql);
    if (current < ladder.length) {
      await sql.run(
        `INSERT INTO schema_version (id, version) VALUES (1, $1)
        ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version`,
        [ladder.length],
      );
    }
    await sql.exec('COMMIT');
    return ladder.length;
  } catch (err) {
    await sql.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
