import autocannon from 'autocannon';
import type BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../server/db/database';
import type { Figures } from './figures';
import { buildService, createApiKey, spawnBuiltService, writeConfig, type BuiltService } from './built-service';
import { tempDirPath } from './temp-dirs';

const DURATION_S = 5;
const CONNECTIONS = 16;
const WARMUP_S = 2;
const INVOICE = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00', description: 'bench' });

/** Requests per second after a warm-up, so the JIT has compiled both the ceiling and our code. */
async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, ...options });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Single-row autocommit inserts with the ledger's own pragmas (WAL, synchronous FULL). */
function bareInsertRate(rows: number): number {
  const db: BetterSqlite3.Database = openDatabase(join(tempDirPath('tontill-bench-sqlite-'), 'bare.db'), { ladder: [], exclusive: true });
  db.exec('CREATE TABLE bare (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, amount INTEGER NOT NULL, memo TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO bare (id, amount, memo, body, created_at) VALUES (?, ?, ?, ?, ?)');
  const body = 'x'.repeat(300);
  const started = performance.now();
  for (let i = 0; i < rows; i++) insert.run(`pay_${i}`, 10_000_000, `TT-${i}`, body, Date.now());
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return rows / seconds;
}

async function startCeiling(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'ceiling-target.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  return { url: (JSON.parse(firstLine) as { ceilingUrl: string }).ceilingUrl, stop: async () => { child.kill('SIGTERM'); await stopped; } };
}

/**
 * The service as `npm run serve` runs it (built, its own process), quiet and unthrottled, with a key
 * and one payment; restarted once, as a till restarts it many times a day (the first start of a
 * data directory also creates its sandbox chain).
 */
async function startService(): Promise<{ service: BuiltService; url: string; apiKey: string; paymentId: string }> {
  buildService();
  const dataDir = tempDirPath('tontill-bench-http-');
  writeConfig(dataDir, { logLevel: 'silent', rateLimit: { enabled: false } });
  const apiKey = await createApiKey(dataDir);
  const firstStart = spawnBuiltService(dataDir);
  await firstStart.running();
  await firstStart.stop();
  const service = spawnBuiltService(dataDir);
  await service.running();
  const url = await service.url();
  const res = await fetch(`${url}/crypto/deposit/invoice`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: INVOICE });
  if (!res.ok) throw new Error(`bench service: creating a payment answered ${res.status}`);
  return { service, url, apiKey, paymentId: ((await res.json()) as { id: string }).id };
}

export async function runCoreBench(): Promise<Figures> {
  const ceiling = await startCeiling();
  const { service, url, apiKey, paymentId } = await startService();
  try {
    const ceilingRps = await load(`${ceiling.url}/empty`);
    const statusLookup = await load(`${url}/crypto/payment/${paymentId}`, { headers: { 'x-api-key': apiKey } });
    const invoiceCreate = await load(`${url}/crypto/deposit/invoice`, {
      method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: INVOICE,
    });
    const rss = service.rssMiB();
    const sqliteInsert = bareInsertRate(10_000);
    return {
      ceiling_rps: { value: ceilingRps, unit: 'req/s' },
      sqlite_insert_rps: { value: sqliteInsert, unit: 'rows/s' },
      invoice_create_rps: { value: invoiceCreate, unit: 'req/s' },
      status_lookup_rps: { value: statusLookup, unit: 'req/s' },
      rss_mib_after_load: { value: Math.round(rss * 10) / 10, unit: 'MiB (restarted service process, after the status and create runs)' },
    };
  } finally {
    await Promise.all([ceiling.stop(), service.stop()]);
  }
}
