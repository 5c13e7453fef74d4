import autocannon from 'autocannon';
import type BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import type { Figures } from './figures';
import {
  buildService,
  createApiKey,
  createPayment,
  spawnBuiltService,
  writeConfig,
  type BuiltService,
} from './built-service';
import { databaseEnv, SQLITE, suffixOf, type Engine } from './engine';
import { startRateDoubles } from './rate-doubles';
import { tempDirPath } from './temp-dirs';

const CONNECTIONS = 16;
const WARMUP_S = 2;
const INVOICE = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00', description: 'bench' });
/** The same sale priced in euros: one locked quote per accepted asset, at a cached live rate. */
const FIAT_INVOICE = JSON.stringify({ currency: 'EUR', mainCurrency: 'TON', amount: '9.20', description: 'bench' });

/** Rounds of two loads taken in turn: a figure that is compared with another (fiat with USDT creation, status with the empty route). */
const ROUNDS = 5;
const ROUND_S = 2;

/**
 * Requests per second of `a` and of `b`, measured in alternating short windows after a warm-up of
 * each (so the JIT has compiled both): the machine's speed and the disk's fsync time drift over
 * seconds on a shared machine, and windows taken in turn see the same drift, so the two figures'
 * ratio holds where one long run of each would not.
 */
async function alternating(a: Partial<autocannon.Options>, b: Partial<autocannon.Options>): Promise<[number, number]> {
  const run = async (options: Partial<autocannon.Options>, duration: number) => {
    const result = await autocannon({ connections: CONNECTIONS, duration, ...options } as autocannon.Options);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.total;
  };
  await run(a, WARMUP_S);
  await run(b, WARMUP_S);
  let [totalA, totalB] = [0, 0];
  for (let round = 0; round < ROUNDS; round++) {
    totalA += await run(a, ROUND_S);
    totalB += await run(b, ROUND_S);
  }
  const seconds = ROUNDS * ROUND_S;
  return [totalA / seconds, totalB / seconds];
}

/** Single-row autocommit inserts with the ledger's own pragmas (WAL, synchronous FULL). */
function bareInsertRate(rows: number): number {
  const db: BetterSqlite3.Database = openDatabase(join(tempDirPath('tontill-bench-sqlite-'), 'bare.db'), {
    ladder: [],
    exclusive: true,
  });
  db.exec(
    'CREATE TABLE bare (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, amount INTEGER NOT NULL, memo TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL)',
  );
  const insert = db.prepare('INSERT INTO bare (id, amount, memo, body, created_at) VALUES (?, ?, ?, ?, ?)');
  const body = 'x'.repeat(300);
  const started = performance.now();
  for (let i = 0; i < rows; i++) insert.run(`pay_${i}`, 10_000_000, `TT-${i}`, body, Date.now());
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return rows / seconds;
}

/**
 * The same on PostgreSQL: the same table in a database of its own, single-row INSERTs in autocommit
 * (each one its own transaction, committed to disk: the cluster runs with fsync on) on one connection,
 * a prepared statement, one at a time.
 */
async function barePgInsertRate(url: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'tontill-bench-bare' });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE bare (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE, amount bigint NOT NULL, memo text NOT NULL, body text NOT NULL, created_at bigint NOT NULL)',
    );
    const insert = {
      name: 'bare-insert',
      text: 'INSERT INTO bare (id, amount, memo, body, created_at) VALUES ($1, $2, $3, $4, $5)',
    };
    const body = 'x'.repeat(300);
    const started = performance.now();
    for (let i = 0; i < rows; i++)
      await client.query({ ...insert, values: [`pay_${i}`, 10_000_000, `TT-${i}`, body, Date.now()] });
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await client.end();
  }
}

async function startCeiling(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'ceiling-target.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', resolve),
  );
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  return {
    url: (JSON.parse(firstLine) as { ceilingUrl: string }).ceilingUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

/**
 * The service as `npm run serve` runs it (built, its own process), quiet and unthrottled, with a key
 * and one payment; restarted once, as a till restarts it many times a day (the first start of a
 * data directory also creates its sandbox chain). On PostgreSQL: the same, on `database`.
 */
async function startService(
  database: string | null,
  rates: object,
): Promise<{ service: BuiltService; url: string; apiKey: string; paymentId: string }> {
  buildService();
  const dataDir = tempDirPath('tontill-bench-http-');
  writeConfig(dataDir, { logLevel: 'silent', rateLimit: { enabled: false }, rates });
  const env = databaseEnv(database);
  const apiKey = await createApiKey(dataDir, env);
  const firstStart = spawnBuiltService(dataDir, env);
  await firstStart.running();
  await firstStart.stop();
  const service = spawnBuiltService(dataDir, env);
  await service.running();
  const url = await service.url();
  return { service, url, apiKey, paymentId: await createPayment(url, apiKey, INVOICE) };
}

/**
 * The HTTP hot paths against their ceilings, measured in this run: an empty Fastify route for the
 * status lookup, the engine's bare single-row insert for invoice creation (sqlite_insert_rps, or
 * pg_insert_rps on PostgreSQL, where every other figure carries the `_pg` suffix).
 */
export async function runCoreBench(engine: Engine = SQLITE): Promise<Figures> {
  const suffix = suffixOf(engine);
  const ceiling = await startCeiling();
  const rateDoubles = await startRateDoubles();
  const { service, url, apiKey, paymentId } = await startService(
    engine.engine === 'postgres' ? await engine.database() : null,
    rateDoubles.rates,
  );
  try {
    // the status lookup is judged against the empty route: taken in turn, both see the machine's drift
    const [ceilingRps, statusLookup] = await alternating(
      { url: `${ceiling.url}/empty` },
      { url: `${url}/crypto/payment/${paymentId}`, headers: { 'x-api-key': apiKey } },
    );
    const create = (body: string) => ({
      url: `${url}/crypto/deposit/invoice`,
      method: 'POST' as const,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body,
    });
    const [invoiceCreate, fiatInvoiceCreate] = await alternating(create(INVOICE), create(FIAT_INVOICE));
    const rss = service.rssMiB();
    const bareInsert: Figures =
      engine.engine === 'postgres'
        ? { pg_insert_rps: { value: await barePgInsertRate(await engine.database(), 10_000), unit: 'rows/s' } }
        : { sqlite_insert_rps: { value: bareInsertRate(10_000), unit: 'rows/s' } };
    return {
      [`ceiling_rps${suffix}`]: { value: ceilingRps, unit: 'req/s' },
      ...bareInsert,
      [`invoice_create_rps${suffix}`]: { value: invoiceCreate, unit: 'req/s' },
      [`fiat_invoice_create_rps${suffix}`]: { value: fiatInvoiceCreate, unit: 'req/s (EUR, live rates from cache)' },
      [`status_lookup_rps${suffix}`]: { value: statusLookup, unit: 'req/s' },
      [`rss_mib_after_load${suffix}`]: {
        value: Math.round(rss * 10) / 10,
        unit: `MiB (restarted service process, after the status and create runs${engine.engine === 'postgres' ? "; PostgreSQL's own processes not counted" : ''})`,
      },
    };
  } finally {
    await Promise.all([ceiling.stop(), service.stop(), rateDoubles.stop()]);
  }
}
