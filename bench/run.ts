import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runColdStartBench } from './cold-start';
import { runConsoleBench } from './console';
import { runCoreBench } from './core';
import { printTable, type Figures, type Ratio } from './figures';
import { runWatcherBench } from './watcher';
import { runWebhookBench } from './webhooks';

const RATIOS: Ratio[] = [
  { name: 'invoice creation vs bare insert', of: 'invoice_create_rps', to: 'sqlite_insert_rps', target: 0.6 },
  { name: 'status lookup vs empty route', of: 'status_lookup_rps', to: 'ceiling_rps', target: 0.6 },
];

const TARGETS: Record<string, { value: number; atMost?: boolean }> = {
  // about what a paid toncenter key delivers through v3 pages: catching up must not be slower than the source
  watcher_ingest_tps: { value: 10_000 },
  // the poll interval the bench runs the watcher with, plus 100 ms
  detection_latency_ms: { value: 1_100, atMost: true },
  // toncenter's stream wakes the watcher: one poll of the node and one commit, no timer
  detection_latency_stream_ms: { value: 50, atMost: true },
  webhook_deliveries_per_s: { value: 1_000 },
  console_first_page_ms: { value: 20, atMost: true },
  // a till starts the service many times a day: spawn to first invoice, and what it keeps resident
  cold_start_ms: { value: 1_000, atMost: true },
  cold_start_100k_ms: { value: 1_000, atMost: true },
  rss_mib_after_load: { value: 180, atMost: true },
};

/** `npm run bench`: every figure measured in this run, on this machine, with ratios to the ceilings. */
async function main(): Promise<void> {
  const figures: Figures = {};
  const sections: Array<[string, () => Promise<Figures>]> = [
    ['cold start', runColdStartBench],
    ['service core', runCoreBench],
    ['watcher', runWatcherBench],
    ['webhooks', runWebhookBench],
    ['console', runConsoleBench],
  ];
  for (const [name, run] of sections) {
    console.error(`bench: ${name}…`);
    Object.assign(figures, await run());
  }
  printTable(figures, RATIOS, TARGETS);
  writeFileSync(join(import.meta.dirname, '..', 'bench-results.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
