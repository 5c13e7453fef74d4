import autocannon from 'autocannon';
import type BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../server/db/database';
import type { Figures } from './figures';
import { tempDirPath } from './temp-dirs';

const DURATION_S = 5;
const CONNECTIONS = 16;

interface Target {
  ceilingUrl: string;
  appUrl: string;
  apiKey: string;
  paymentId: string;
}

const WARMUP_S = 2;

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

async function startTarget(): Promise<{ target: Target; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'http-target.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  return { target: JSON.parse(firstLine) as Target, stop: async () => { child.kill('SIGTERM'); await stopped; } };
}

export async function runCoreBench(): Promise<Figures> {
  const { target, stop } = await startTarget();
  try {
    const ceiling = await load(`${target.ceilingUrl}/empty`);
    const statusLookup = await load(`${target.appUrl}/crypto/payment/${target.paymentId}`, { headers: { 'x-api-key': target.apiKey } });
    const invoiceCreate = await load(`${target.appUrl}/crypto/deposit/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': target.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00', description: 'bench' }),
    });
    const sqliteInsert = bareInsertRate(10_000);
    return {
      ceiling_rps: { value: ceiling, unit: 'req/s' },
      sqlite_insert_rps: { value: sqliteInsert, unit: 'rows/s' },
      invoice_create_rps: { value: invoiceCreate, unit: 'req/s' },
      status_lookup_rps: { value: statusLookup, unit: 'req/s' },
    };
  } finally {
    await stop();
  }
}
