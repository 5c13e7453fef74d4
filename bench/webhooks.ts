import { fork, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseConfig } from '../server/config/config';
import { startServer, type RunningServer } from '../server/index';
import { ledgerConfig, SQLITE, suffixOf, type Engine } from './engine';
import type { Figures } from './figures';
import { tempDirPath } from './temp-dirs';

const DELIVERIES = 5_000;
const LATENCY_SAMPLES = 8;

/** The receiver runs in its own process, so it does not share the dispatcher's event loop. */
const RECEIVER_SOURCE = `
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
let count = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    count += 1;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (event.type === 'payment.paid') process.send({ kind: 'paid', paymentId: event.data.id, at });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ kind: 'ready', port: server.address().port }));
process.on('message', (m) => {
  if (m === 'count') process.send({ kind: 'count', count });
  if (m === 'exit') process.exit(0);
});
`;

type ReceiverMessage =
  { kind: 'ready'; port: number } | { kind: 'count'; count: number } | { kind: 'paid'; paymentId: string; at: number };

interface ReceiverProcess {
  url: string;
  child: ChildProcess;
  next(kind: ReceiverMessage['kind'], match?: (m: ReceiverMessage) => boolean): Promise<ReceiverMessage>;
  stop(): void;
}

async function startReceiver(dir: string): Promise<ReceiverProcess> {
  const file = join(dir, 'receiver.mjs');
  writeFileSync(file, RECEIVER_SOURCE);
  const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (kind: ReceiverMessage['kind'], match: (m: ReceiverMessage) => boolean = () => true) =>
    new Promise<ReceiverMessage>((resolve) => {
      const on = (m: ReceiverMessage) => {
        if (m.kind !== kind || !match(m)) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  const ready = (await next('ready')) as { port: number };
  return { url: `http://127.0.0.1:${ready.port}/hook`, child, next, stop: () => child.send('exit') };
}

async function withServer<T>(
  engine: Engine,
  prefix: string,
  work: (server: RunningServer, receiver: ReceiverProcess) => Promise<T>,
): Promise<T> {
  const dataDir = tempDirPath(prefix);
  const config = parseConfig({
    dataDir,
    port: 0,
    logLevel: 'silent',
    rateLimit: { enabled: false },
    ...(await ledgerConfig(engine)),
  });
  const receiver = await startReceiver(dataDir);
  const server = await startServer(config);
  try {
    return await work(server, receiver);
  } finally {
    await server.close();
    receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A backlog of outbox rows (one per payment), then the dispatcher started: time until every row is delivered and recorded. */
async function deliveriesPerSecond(engine: Engine): Promise<number> {
  return withServer(engine, 'tontill-bench-webhooks-', async ({ services }, receiver) => {
    await services.webhooks.createEndpoint({ url: receiver.url, events: ['payment.created'] });
    await services.webhooks.stopDispatcher();
    // issued together, so they share one group commit
    await Promise.all(
      Array.from({ length: DELIVERIES }, () =>
        services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' }),
      ),
    );
    const started = performance.now();
    const dispatcher = services.webhooks.startDispatcher();
    await dispatcher.whenIdle();
    const seconds = (performance.now() - started) / 1000;
    const delivered = (await services.webhooks.listDeliveries({ status: 'delivered', limit: DELIVERIES + 1 })).length;
    receiver.child.send('count');
    const { count } = (await receiver.next('count')) as { count: number };
    if (delivered !== DELIVERIES || count !== DELIVERIES)
      throw new Error(`webhook bench delivered ${delivered}, received ${count} of ${DELIVERIES}`);
    return DELIVERIES / seconds;
  });
}

/** From the payment.paid event committing (a real emulated transfer seen by the watcher) to its webhook arriving. */
async function paidToWebhookMs(engine: Engine): Promise<number> {
  return withServer(engine, 'tontill-bench-paid-webhook-', async (server, receiver) => {
    const { services } = server;
    await services.webhooks.createEndpoint({ url: receiver.url, events: ['payment.paid'] });
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
      const { payment } = await services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '5.00',
      });
      const committed = new Promise<number>((resolve) => {
        const off = services.bus.onCommitted((e) => {
          if (e.type === 'payment.paid' && e.paymentId === payment.id) {
            off();
            resolve(performance.timeOrigin + performance.now());
          }
        });
      });
      const arrived = receiver.next('paid', (m) => m.kind === 'paid' && m.paymentId === payment.id) as Promise<{
        at: number;
      }>;
      await server.simulator!.pay({ paymentId: payment.id });
      samples.push((await arrived).at - (await committed));
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(samples.length / 2)]!;
  });
}

/** On PostgreSQL each measurement runs the service (startServer) on a fresh database of its own. */
export async function runWebhookBench(engine: Engine = SQLITE): Promise<Figures> {
  const suffix = suffixOf(engine);
  return {
    [`webhook_deliveries_per_s${suffix}`]: {
      value: await deliveriesPerSecond(engine),
      unit: 'deliveries/s (loopback receiver, one endpoint)',
    },
    [`paid_to_webhook_ms${suffix}`]: {
      value: await paidToWebhookMs(engine),
      unit: `ms (median of ${LATENCY_SAMPLES}, payment.paid commit to arrival)`,
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runWebhookBench().then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
