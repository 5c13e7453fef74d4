import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, createApiKey, POLL_MS, spawnBuiltService } from './built-service';
import { databaseEnv, SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { seedLedger } from './seed-ledger';
import { tempDirPath } from './temp-dirs';

const RUNS = 5;
const BIG_LEDGER = 100_000;
const INVOICE = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00' });

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A till as it is left between starts: its data directory and, on PostgreSQL, its database (null on
 * SQLite, whose ledger is in the directory).
 */
interface Template {
  dir: string;
  database: string | null;
  key: string;
}

/**
 * A data directory as a till leaves it: `rows` payments, an API key and, once served, its sandbox chain.
 * On PostgreSQL the payments and the key are in a database of their own; the 100,000 payments are
 * seeded there too (seedPgPayments: INSERT … SELECT FROM unnest in one transaction, a few seconds),
 * so neither variant is skipped.
 */
async function template(engine: Engine, rows: number): Promise<Template> {
  const dir = tempDirPath('tontill-bench-cold-');
  const database = engine.engine === 'postgres' ? await engine.database() : null;
  if (rows > 0) await seedLedger(database ? { url: database } : { dataDir: dir }, rows);
  const key = await createApiKey(dir, databaseEnv(database));
  if (rows > 0) {
    const service = spawnBuiltService(dir, databaseEnv(database));
    await service.running();
    await service.stop();
  }
  return { dir, database, key };
}

/** Polls POST /crypto/deposit/invoice until it answers 2xx. */
async function firstCreate(service: ReturnType<typeof spawnBuiltService>, key: string): Promise<void> {
  const url = `${await service.url()}/crypto/deposit/invoice`;
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  for (;;) {
    if (!service.alive()) throw new Error('the service exited before its first invoice');
    const res = await fetch(url, { method: 'POST', headers, body: INVOICE }).catch(() => null);
    if (res?.ok) return;
    await res?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Spawn to first 2xx create, on a copy of the template each time (median of RUNS). On PostgreSQL the
 * database is copied too (CREATE DATABASE … TEMPLATE), before the clock starts.
 */
async function coldStartMs(engine: Engine, source: Template): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'tontill-bench-cold-run-'));
    cpSync(source.dir, dir, { recursive: true });
    const database = engine.engine === 'postgres' && source.database ? await engine.copy(source.database) : null;
    const started = performance.now();
    const service = spawnBuiltService(dir, databaseEnv(database));
    try {
      await firstCreate(service, source.key);
      samples.push(performance.now() - started);
    } finally {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
      if (engine.engine === 'postgres' && database) await engine.drop(database);
    }
  }
  return median(samples);
}

/**
 * From spawning the built service (as `npm run serve` does) to its first 2xx invoice: on a fresh
 * data directory (only an API key: the ledger is migrated, the sandbox chain is created at this
 * start) and on one with 100,000 payments and a sandbox chain from an earlier run. On PostgreSQL the
 * service runs with TONTILL_DATABASE_URL; its ledger is a copy of a database holding the same.
 */
export async function runColdStartBench(engine: Engine = SQLITE): Promise<Figures> {
  buildService();
  const suffix = suffixOf(engine);
  const fresh = await template(engine, 0);
  const big = await template(engine, BIG_LEDGER);
  try {
    return {
      [`cold_start_ms${suffix}`]: {
        value: Math.round(await coldStartMs(engine, fresh)),
        unit: `ms (median of ${RUNS}, fresh data dir)`,
      },
      [`cold_start_100k_ms${suffix}`]: {
        value: Math.round(await coldStartMs(engine, big)),
        unit: `ms (median of ${RUNS}, ${BIG_LEDGER.toLocaleString('en')} payments)`,
      },
    };
  } finally {
    for (const t of [fresh, big]) {
      rmSync(t.dir, { recursive: true, force: true });
      if (engine.engine === 'postgres' && t.database) await engine.drop(t.database);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runColdStartBench().then(
    (f) => console.log(JSON.stringify(f, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
