import { parseConfig } from '../server/config/config';
import { startServer } from '../server/index';
import { cursorOf } from '../server/watcher/transaction-poller';
import { transfersIn } from '../server/watcher/payment-watcher';
import type { Figures } from './figures';
import { transferFactory } from './transfer-batch';
import { tempDirPath } from './temp-dirs';

// BENCH_TRANSFERS shortens a run while profiling; the reported figure uses the full batch.
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100_000);
const BATCH = 500;
const POLL_INTERVAL_MS = 1_000;
const LATENCY_SAMPLES = 8;

/**
 * parse + match + commit, in the watcher's batch size, over 100,000 transfers to 100,000 payments.
 * Batches are pre-built before their clock starts (built all at once they would need gigabytes).
 */
async function ingestRate(): Promise<number> {
  const server = await startServer(parseConfig({ dataDir: tempDirPath('tontill-bench-ingest-'), port: 0, logLevel: 'silent', chain: { pollIntervalMs: 600_000 } }));
  try {
    const { services } = server;
    const makeTransfers = await transferFactory(server, 1_000_000n);
    const account = server.chain.watchedAccount.toRawString();
    let ingestMs = 0;
    for (let done = 0; done < TRANSFERS; done += BATCH) {
      // issued together, so they share one group commit
      const created = await Promise.all(Array.from({ length: BATCH }, () =>
        services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' })));
      const batch = makeTransfers(created.map((c) => c.payment.memo));
      const started = performance.now();
      await services.ledger.creditBatch(account, transfersIn(batch), cursorOf(batch.at(-1)!));
      ingestMs += performance.now() - started;
    }
    const paid = (await services.payments.list({ status: 'paid', limit: TRANSFERS + 2 })).length;
    if (paid < TRANSFERS) throw new Error(`ingest bench credited ${paid} of ${TRANSFERS}`);
    return TRANSFERS / (ingestMs / 1000);
  } finally {
    await server.close();
  }
}

/** From a transfer landing on the sandbox chain to its payment turning paid, through the polling loop. */
async function detectionLatency(): Promise<number> {
  const server = await startServer(parseConfig({ dataDir: tempDirPath('tontill-bench-latency-'), port: 0, logLevel: 'silent', chain: { pollIntervalMs: POLL_INTERVAL_MS } }));
  try {
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const { payment } = await server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '5.00' });
      const paid = new Promise<number>((resolve) => {
        const off = server.services.bus.onCommitted((e) => {
          if (e.type === 'payment.paid' && e.paymentId === payment.id) { off(); resolve(performance.now()); }
        });
      });
      // random phase against the poll loop, as real customers arrive
      await new Promise((r) => setTimeout(r, Math.random() * POLL_INTERVAL_MS));
      await server.chain.sandbox!.pay({ amount: payment.amount, comment: payment.memo });
      const landed = performance.now();
      samples.push((await paid) - landed);
    }
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  } finally {
    await server.close();
  }
}

export async function runWatcherBench(): Promise<Figures> {
  return {
    watcher_ingest_tps: { value: await ingestRate(), unit: 'tx/s' },
    detection_latency_ms: { value: await detectionLatency(), unit: `ms (poll every ${POLL_INTERVAL_MS} ms)` },
  };
}

