import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openChainRuntime } from './chain/chain-runtime';
import type { Config } from './config';
import { closeDatabase, openDatabase } from './db/database';
import { applyStagedRestore } from './db/restore';
import { Simulator } from './chain/simulator';
import { createServices, type Services } from './services';
import { systemClock, type Clock } from './util/clock';
import { createPaymentWatcher } from './watcher/payment-watcher';
import type { Runtime } from './runtime';

export interface RunningServer extends Runtime {
  url: string;
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logLevel?: string;
}

/** Where CLIs of the same data directory find the running service; owner-readable only. */
export const serviceFile = (dataDir: string): string => join(dataDir, 'service.json');

const EXPIRY_SWEEP_MS = 1_000;

/** Opens the ledger and the chain, starts HTTP, the watcher and the expiry sweep. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // A backup uploaded from the console is swapped in here, before anything opens the ledger.
  const restored = applyStagedRestore(config.dataDir);
  const db = openDatabase(join(config.dataDir, 'tontill.db'), { exclusive: true });
  const chain = await openChainRuntime(config, () => Math.floor(clock.now() / 1000)).catch((err: unknown) => {
    closeDatabase(db);
    throw err;
  });
  let publicUrl = config.publicUrl ?? '';
  const services = createServices({
    db, config, clock, chain: chain.info, publicUrl: () => publicUrl,
    onListenerError: (err) => app.log.error({ err }, 'event listener failed'),
  });
  // The watcher logs through the app's logger, which exists only once the app is built.
  const log = { info: (f: Record<string, unknown>, m: string) => app.log.info(f, m), warn: (f: Record<string, unknown>, m: string) => app.log.warn(f, m) };
  const watcher = createPaymentWatcher({
    chain, ledger: services.ledger, intervalMs: config.chain.pollIntervalMs, batchSize: config.chain.watcherBatchSize, log,
  });
  const simulator = chain.sandbox ? new Simulator(chain.sandbox, services.payments, watcher) : null;
  const runtime: Runtime = { chain, watcher, simulator };
  const app = await buildApp({ services, runtime, ...(options.logLevel ? { logLevel: options.logLevel } : {}) });
  if (restored.applied || 'rejected' in restored) app.log.warn({ restored }, 'a backup staged from the console was processed at start');
  const address = await app.listen({ host: config.host, port: config.port });
  publicUrl ||= address;
  watcher.start();
  services.webhooks.startDispatcher({ log });
  const sweep = setInterval(() => services.payments.expireDue(), EXPIRY_SWEEP_MS);
  const consoleToken = services.sessions.createSession();
  writeServiceFile(config.dataDir, { url: address, pid: process.pid, consoleToken });

  let closing: Promise<void> | null = null;
  const close = () => (closing ??= (async () => {
    clearInterval(sweep);
    await watcher.stop();
    await app.close();
    await services.webhooks.stopDispatcher();
    closeDatabase(db);
    rmSync(serviceFile(config.dataDir), { force: true });
  })());
  return { url: address, app, services, ...runtime, close };
}

function writeServiceFile(dataDir: string, content: { url: string; pid: number; consoleToken: string }): void {
  const file = serviceFile(dataDir);
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  chmodSync(file, 0o600);
}
