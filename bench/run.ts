import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runColdStartBench } from './cold-start';
import { runConsoleBench } from './console';
import { runCoreBench } from './core';
import { runIdleMemoryBench } from './idle-memory';
import { PG_SUFFIX, SQLITE, startBenchPostgres, type Engine, type PostgresEngine } from './engine';
import { printComparison, printTable, type Figures, type Ratio } from './figures';
import { runWatcherBench } from './watcher';
import { runWebhookBench } from './webhooks';

const RATIOS: Ratio[] = [
  {
    name: 'invoice creation vs bare insert',
    of: 'invoice_create_rps',
    to: 'sqlite_insert_rps',
    target: 0.6,
    pg: { of: `invoice_create_rps${PG_SUFFIX}`, to: 'pg_insert_rps' },
  },
  {
    // a fiat price asks the rates (from their cache) and locks a quote per asset: nearly as cheap as USDT
    name: 'fiat invoice creation (cached rate) vs USDT',
    of: 'fiat_invoice_create_rps',
    to: 'invoice_create_rps',
    target: 0.9,
    pg: { of: `fiat_invoice_create_rps${PG_SUFFIX}`, to: `invoice_create_rps${PG_SUFFIX}` },
  },
  {
    name: 'status lookup vs empty route',
    of: 'status_lookup_rps',
    to: 'ceiling_rps',
    target: 0.8,
    pg: { of: `status_lookup_rps${PG_SUFFIX}`, to: `ceiling_rps${PG_SUFFIX}` },
  },
];

/** PostgreSQL's figures that are not `<SQLite's name>_pg`: the bare insert is each engine's own ceiling. */
const PG_NAMES: Record<string, string> = { sqlite_insert_rps: 'pg_insert_rps' };

const TARGETS: Record<string, { value: number; atMost?: boolean }> = {
  // about what a paid toncenter key delivers through v3 pages: catching up must not be slower than the source
  watcher_ingest_tps: { value: 10_000 },
  // Toncoin on the store wallet: the same source, the same ledger, the same targets as USDT
  watcher_ingest_tps_ton: { value: 10_000 },
  // the poll interval the bench runs the watcher with, plus 100 ms
  detection_latency_ms: { value: 1_100, atMost: true },
  detection_latency_ms_ton: { value: 1_100, atMost: true },
  // toncenter's stream wakes the watcher: one poll of the node and one commit, no timer
  detection_latency_stream_ms: { value: 50, atMost: true },
  webhook_deliveries_per_s: { value: 1_000 },
  console_first_page_ms: { value: 20, atMost: true },
  // a till starts the service many times a day: spawn to first invoice, and what it keeps resident
  cold_start_ms: { value: 250, atMost: true },
  cold_start_100k_ms: { value: 250, atMost: true },
  // a till PC runs the desktop shell beside the service, often on 4 GB
  rss_mib_idle: { value: 100, atMost: true },
  rss_mib_after_load: { value: 128, atMost: true },
};

/** `--engine sqlite` (the default) or `--engine postgres` (SQLite, then PostgreSQL, section by section). */
function engineArg(): 'sqlite' | 'postgres' {
  const { values } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' } } });
  if (values.engine !== 'sqlite' && values.engine !== 'postgres')
    throw new Error(`--engine must be sqlite or postgres, not ${values.engine}`);
  return values.engine;
}

/**
 * `npm run bench`: every figure measured in this run, on this machine, with ratios to the ceilings.
 * `npm run bench -- --engine postgres`: each section runs on SQLite as above, then again on a
 * PostgreSQL cluster this run starts (fsync on) and stops; its figures carry the `_pg` suffix
 * (the bare insert is `pg_insert_rps`) and the table shows both engines side by side.
 */
async function main(): Promise<void> {
  const choice = engineArg();
  const figures: Figures = {};
  const sections: Array<[string, (engine: Engine) => Promise<Figures>]> = [
    ['cold start', runColdStartBench],
    ['memory at rest', runIdleMemoryBench],
    ['service core', runCoreBench],
    ['watcher', runWatcherBench],
    ['webhooks', runWebhookBench],
    ['console', runConsoleBench],
  ];
  let postgres: { engine: PostgresEngine; stop(): Promise<void> } | null = null;
  // Ctrl-C, or a rejection nothing awaited (it would end the process at once), would leave the
  // cluster running, its folder removed with the run's temp root: stop it first.
  const interrupted = () => {
    void (postgres?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  const crashed = (err: unknown) => {
    console.error(err);
    void (postgres?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  };
  try {
    if (choice === 'postgres') {
      console.error('bench: starting PostgreSQL…');
      postgres = await startBenchPostgres();
      process.once('SIGINT', interrupted).once('SIGTERM', interrupted).on('unhandledRejection', crashed);
    }
    for (const [name, run] of sections) {
      console.error(`bench: ${name}…`);
      Object.assign(figures, await run(SQLITE));
      if (postgres) {
        console.error(`bench: ${name} on PostgreSQL…`);
        Object.assign(figures, await run(postgres.engine));
      }
    }
  } finally {
    await postgres?.stop();
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted).off('unhandledRejection', crashed);
  }
  if (choice === 'postgres') printComparison(figures, RATIOS, TARGETS, PG_SUFFIX, PG_NAMES);
  else printTable(figures, RATIOS, TARGETS);
  writeFileSync(join(import.meta.dirname, '..', 'bench-results.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
