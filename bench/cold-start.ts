import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, createApiKey, POLL_MS, spawnBuiltService } from './built-service';
import type { Figures } from './figures';
import { seedPayments } from './seed-ledger';
import { tempDirPath } from './temp-dirs';

const RUNS = 5;
const BIG_LEDGER = 100_000;
const INVOICE = JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00' });

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A data directory as a till leaves it: `rows` payments, an API key and, once served, its sandbox chain. */
async function template(rows: number): Promise<{ dir: string; key: string }> {
  const dir = tempDirPath('tontill-bench-cold-');
  if (rows > 0) seedPayments(dir, rows);
  const key = await createApiKey(dir);
  if (rows > 0) {
    const service = spawnBuiltService(dir);
    await service.running();
    await service.stop();
  }
  return { dir, key };
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

/** Spawn to first 2xx create, on a copy of the template each time (median of RUNS). */
async function coldStartMs(source: { dir: string; key: string }): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'tontill-bench-cold-run-'));
    cpSync(source.dir, dir, { recursive: true });
    const started = performance.now();
    const service = spawnBuiltService(dir);
    try {
      await firstCreate(service, source.key);
      samples.push(performance.now() - started);
    } finally {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return median(samples);
}

/**
 * From spawning the built service (as `npm run serve` does) to its first 2xx invoice: on a fresh
 * data directory (only an API key: the ledger is migrated, the sandbox chain is created at this
 * start) and on one with 100,000 payments and a sandbox chain from an earlier run.
 */
export async function runColdStartBench(): Promise<Figures> {
  buildService();
  const fresh = await template(0);
  const big = await template(BIG_LEDGER);
  try {
    return {
      cold_start_ms: { value: Math.round(await coldStartMs(fresh)), unit: `ms (median of ${RUNS}, fresh data dir)` },
      cold_start_100k_ms: { value: Math.round(await coldStartMs(big)), unit: `ms (median of ${RUNS}, ${BIG_LEDGER.toLocaleString('en')} payments)` },
    };
  } finally {
    for (const t of [fresh, big]) rmSync(t.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runColdStartBench().then((f) => console.log(JSON.stringify(f, null, 2)), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
