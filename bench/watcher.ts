import type { Transaction } from '@ton/core';
import { parseConfig } from '../server/config/config';
import { startServer, type RunningServer } from '../server/index';
import { SandboxChain } from '../server/sandbox/sandbox-chain';
import type { Payment } from '../server/storage/records';
// The double is a plain loopback HTTP server (no vitest): the bench shares it with the tests.
import { startToncenterDouble, type ToncenterDouble } from '../test/chain/toncenter-double';
import { sandboxGetMethods } from '../test/chain/served-chain';
import { baseUnits } from '../contract/amount';
import type { AssetCode } from '../contract/asset';
import { accountFacts, accountKey } from '../server/chain/watched-account';
import { commitInChunks } from '../server/watcher/chain-watcher';
import type { TxCursor } from '../server/chain/types';
import { ledgerConfig, SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { transferFactory, watchedAccountFor } from './transfer-batch';
import { tempDirPath } from './temp-dirs';

// BENCH_TRANSFERS shortens a run while profiling; the reported figure uses the full batch.
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100_000);
const BATCH = 500;
/** transfers built (and payments created) ahead of each timed stretch: ten of the watcher's batches */
const GROUP = 5_000;
const POLL_INTERVAL_MS = 1_000;
const LATENCY_SAMPLES = 8;
/** Both timers of the streaming bench: nothing but a stream event can make it poll within a sample. */
const NEVER_MS = 600_000;

/**
 * parse + match + commit over 100,000 transfers to 100,000 payments, through the watcher's own chunked
 * commit (its batch size, two chunks in flight: one credited while the disk confirms the one before)
 * into the ledger the watcher writes through (`watcherLedger`: the same as `ledger` on SQLite; on
 * PostgreSQL fenced by the watcher's lease, which orders the chunks as SQLite's group commit does).
 * Transfers are built in groups before their clock starts (built all at once they would need gigabytes).
 */
async function ingestRate(engine: Engine, asset: AssetCode): Promise<number> {
  const server = await startServer(
    parseConfig({
      dataDir: tempDirPath('tontill-bench-ingest-'),
      port: 0,
      logLevel: 'silent',
      chain: { pollIntervalMs: 600_000 },
      ...(await ledgerConfig(engine)),
    }),
  );
  try {
    await leaseHeld(server);
    const { services } = server;
    const makeTransfers = await transferFactory(server, baseUnits('1.00', asset), asset);
    const watched = watchedAccountFor(server, asset);
    const account = accountKey(watched);
    const commit = async (transactions: Transaction[], cursor: TxCursor, previous: TxCursor | null) => {
      const { transfers, movements } = accountFacts(watched, transactions);
      await services.watcherLedger.creditBatch(account, transfers, cursor, movements, previous);
    };
    let cursor = await services.watcherLedger.cursor(account);
    let ingestMs = 0;
    for (let done = 0; done < TRANSFERS; done += GROUP) {
      // issued together, so they share group commits
      const created = await Promise.all(
        Array.from({ length: GROUP }, () =>
          services.payments.create('invoice', { currency: asset, mainCurrency: 'TON', amount: '1.00' }),
        ),
      );
      const transactions = makeTransfers(created.map((c) => c.payment.memo));
      // a search catches the search index up with the new payments now: indexing them belongs to their
      // creation (SQLite does it a little later, between batches), and would otherwise land in the clock below
      await services.payments.search({ search: created[0]!.payment.memo, limit: 1 });
      const started = performance.now();
      await commitInChunks(transactions, cursor, BATCH, commit, (_last, next) => {
        cursor = next;
      });
      ingestMs += performance.now() - started;
    }
    const paid = (await services.payments.list({ status: 'paid', limit: TRANSFERS + 2 })).length;
    if (paid < TRANSFERS) throw new Error(`ingest bench credited ${paid} of ${TRANSFERS}`);
    return TRANSFERS / (ingestMs / 1000);
  } finally {
    await server.close();
  }
}

/** On PostgreSQL the watcher runs (and may write) once this instance holds its lease, taken just after the start. */
async function leaseHeld(server: RunningServer): Promise<void> {
  while (server.shared && server.shared.leaseEpoch() === null) await new Promise((r) => setTimeout(r, 5));
}

function paidAt(server: RunningServer, payment: Payment): Promise<number> {
  return new Promise<number>((resolve) => {
    const off = server.services.bus.onCommitted((e) => {
      if (e.type === 'payment.paid' && e.paymentId === payment.id) {
        off();
        resolve(performance.now());
      }
    });
  });
}

/** The service in testnet mode on the toncenter double, which serves a sandbox chain's transactions and get methods. */
async function startStreamingService(
  engine: Engine,
): Promise<{ server: RunningServer; chain: SandboxChain; double: ToncenterDouble }> {
  const chain = await SandboxChain.open();
  const double = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
  double.addTransactions(
    chain.merchantJettonWallet,
    await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }),
  );
  const server = await startServer(
    parseConfig({
      dataDir: tempDirPath('tontill-bench-stream-'),
      port: 0,
      logLevel: 'silent',
      chain: {
        mode: 'testnet',
        merchantAddress: chain.merchantAddress.toString(),
        jettonMaster: chain.jettonMaster.toString(),
        toncenterEndpoint: double.endpoint,
        toncenterRps: 1000,
        pollIntervalMs: NEVER_MS,
        streaming: { safetyPollIntervalMs: NEVER_MS },
      },
      ...(await ledgerConfig(engine)),
    }),
  );
  await leaseHeld(server);
  await double.streamsConnected(1);
  while (!server.watcher.status().stream?.connected) await new Promise((r) => setTimeout(r, 5));
  // queued behind the polls the start and the connect caused
  await server.watcher.pollNow();
  return { server, chain, double };
}

/** From toncenter's stream publishing a transfer (already served by the node) to its payment turning paid. */
async function detectionLatencyStream(engine: Engine): Promise<number> {
  const { server, chain, double } = await startStreamingService(engine);
  try {
    const watched = server.chain.watchedAccount;
    const watchedHash = BigInt(`0x${watched.hash.toString('hex')}`);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const { payment } = await server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '5.00',
      });
      const paid = paidAt(server, payment);
      const txs: Transaction[] = await chain.pay({ amount: payment.amount, comment: payment.memo });
      double.addTransactions(
        watched,
        txs.filter((tx) => tx.address === watchedHash),
      );
      const published = performance.now();
      if (double.publish(watched, txs) !== 1) throw new Error('the stream was not connected');
      samples.push((await paid) - published);
    }
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  } finally {
    await server.close();
    await double.close();
  }
}

/** From a transfer landing on the sandbox chain to its payment turning paid, through the polling loop. */
async function detectionLatency(engine: Engine, asset: AssetCode): Promise<number> {
  const server = await startServer(
    parseConfig({
      dataDir: tempDirPath('tontill-bench-latency-'),
      port: 0,
      logLevel: 'silent',
      chain: { pollIntervalMs: POLL_INTERVAL_MS },
      ...(await ledgerConfig(engine)),
    }),
  );
  try {
    await leaseHeld(server);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const { payment } = await server.services.payments.create('invoice', {
        currency: asset,
        mainCurrency: 'TON',
        amount: '5.00',
      });
      const paid = paidAt(server, payment);
      // random phase against the poll loop, as real customers arrive
      await new Promise((r) => setTimeout(r, Math.random() * POLL_INTERVAL_MS));
      const sandbox = server.chain.sandbox!;
      const sent = { amount: payment.amount, comment: payment.memo };
      await (asset === 'TON' ? sandbox.payToncoin(sent) : sandbox.pay(sent));
      const landed = performance.now();
      samples.push((await paid) - landed);
    }
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  } finally {
    await server.close();
  }
}

/** On PostgreSQL each measurement runs the service (startServer) on a fresh database of its own. */
export async function runWatcherBench(engine: Engine = SQLITE): Promise<Figures> {
  const suffix = suffixOf(engine);
  return {
    [`watcher_ingest_tps${suffix}`]: { value: await ingestRate(engine, 'USDT'), unit: 'tx/s' },
    [`watcher_ingest_tps_ton${suffix}`]: { value: await ingestRate(engine, 'TON'), unit: 'tx/s' },
    [`detection_latency_ms${suffix}`]: {
      value: await detectionLatency(engine, 'USDT'),
      unit: `ms (poll every ${POLL_INTERVAL_MS} ms)`,
    },
    [`detection_latency_ms_ton${suffix}`]: {
      value: await detectionLatency(engine, 'TON'),
      unit: `ms (poll every ${POLL_INTERVAL_MS} ms)`,
    },
    [`detection_latency_stream_ms${suffix}`]: {
      value: await detectionLatencyStream(engine),
      unit: `ms (stream event to paid, polls every ${NEVER_MS} ms)`,
    },
  };
}
