import { startLocalPostgres, type LocalPostgres } from '../scripts/local-postgres';
import { tempDirPath } from './temp-dirs';

/** What a section measures on: the SQLite ledger in each data directory, or a PostgreSQL cluster of this run. */
export type Engine = { engine: 'sqlite' } | PostgresEngine;

export interface PostgresEngine {
  engine: 'postgres';
  /** the URL of a new, empty database (the service migrates it when it opens it) */
  database(): Promise<string>;
  /** a new database copied from the one at `url` (CREATE DATABASE … TEMPLATE), which nothing may hold open */
  copy(url: string): Promise<string>;
  /** drops the database at `url` (sessions still connected are cut) */
  drop(url: string): Promise<void>;
}

export const SQLITE: Engine = { engine: 'sqlite' };

/** PostgreSQL's figures carry the SQLite names with this suffix, so bench-results.json holds both. */
export const PG_SUFFIX = '_pg';

export const suffixOf = (engine: Engine): string => (engine.engine === 'postgres' ? PG_SUFFIX : '');

/**
 * The `database` part of a service config for `engine`: nothing on SQLite (the config is then exactly
 * what it was before PostgreSQL existed), a fresh database's URL on PostgreSQL.
 */
export async function ledgerConfig(engine: Engine): Promise<{ database?: { url: string } }> {
  return engine.engine === 'postgres' ? { database: { url: await engine.database() } } : {};
}

/** The environment a built service or the keys CLI needs to run on `url` (none on SQLite). */
export const databaseEnv = (url: string | null): Record<string, string> => (url ? { TONTILL_DATABASE_URL: url } : {});

const databaseName = (url: string): string => new URL(url).pathname.slice(1);

/**
 * One throwaway PostgreSQL cluster for the whole run, under the run's temp folder, with PostgreSQL's
 * durable defaults (fsync on): SQLite fsyncs every commit too, so neither is measured without its
 * disk. Each measurement that needs an empty ledger gets a database of its own.
 */
export async function startBenchPostgres(): Promise<{ engine: PostgresEngine; stop(): Promise<void> }> {
  const cluster: LocalPostgres = await startLocalPostgres({ dir: tempDirPath('tontill-bench-pg-'), durable: true });
  let count = 0;
  const fresh = () => `bench_${++count}`;
  return {
    engine: {
      engine: 'postgres',
      async database() {
        const name = fresh();
        await cluster.createDatabase(name);
        return cluster.url(name);
      },
      async copy(url) {
        const name = fresh();
        // a service that has just exited may still be closing its connections to the template
        for (let attempt = 1; ; attempt++) {
          try {
            await cluster.createDatabase(name, databaseName(url));
            return cluster.url(name);
          } catch (err) {
            if (attempt >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      },
      drop: (url) => cluster.dropDatabase(databaseName(url)),
    },
    stop: () => cluster.stop(),
  };
}
