// Which storage engine this test run exercises, and (in the postgres project) one database per service
// data directory on the cluster global setup started. vitest.config.ts sets TONTILL_TEST_ENGINE for the
// postgres project; test/global-setup.ts puts the cluster's address in TONTILL_TEST_PG_URL before any
// worker is forked, and forked workers inherit the environment.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { createDatabase, dropDatabase } from '../../scripts/local-postgres';

export type TestEngine = 'sqlite' | 'postgres';

function engineFromEnv(value: string | undefined): TestEngine {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgres') return 'postgres';
  throw new Error(`TONTILL_TEST_ENGINE=${value}: expected sqlite or postgres`);
}

export const TEST_ENGINE: TestEngine = engineFromEnv(process.env.TONTILL_TEST_ENGINE);

/** Where global setup publishes the cluster: a URL to its `postgres` database. */
export const TEST_PG_URL_ENV = 'TONTILL_TEST_PG_URL';

/** Made and migrated once by global setup; every test database is a copy of it (a file copy, not a migration). */
export const TEST_TEMPLATE_DATABASE = 'tontill_template';

function adminUrl(): string {
  const url = process.env[TEST_PG_URL_ENV];
  if (TEST_ENGINE !== 'postgres')
    throw new Error('testDatabaseUrl is for the postgres project (TONTILL_TEST_ENGINE=postgres)');
  if (!url)
    throw new Error(
      `${TEST_PG_URL_ENV} is not set: the test cluster is started by test/global-setup.ts for vitest's postgres project`,
    );
  return url;
}

/** The same data directory always maps to the same database, so a service restarted on it finds its ledger. */
export function testDatabaseName(dataDir: string): string {
  return `tontill_t_${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}`;
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const created = new Map<string, Promise<string>>();

async function create(name: string): Promise<string> {
  const admin = adminUrl();
  try {
    await createDatabase(admin, name, TEST_TEMPLATE_DATABASE);
  } catch (err) {
    // 42P04 duplicate_database: made earlier for this data directory (by this worker or another process)
    if ((err as { code?: string }).code !== '42P04') throw err;
  }
  return databaseUrl(admin, name);
}

/** The URL of this data directory's database, created from the migrated template on first use. */
export function testDatabaseUrl(dataDir: string): Promise<string> {
  const name = testDatabaseName(dataDir);
  let url = created.get(name);
  if (!url) {
    url = create(name);
    url.catch(() => created.delete(name));
    created.set(name, url);
  }
  return url;
}

/** Drops this data directory's database (cutting any session still on it); nothing if there is none. */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const name = testDatabaseName(dataDir);
  created.delete(name);
  await dropDatabase(adminUrl(), name);
}
