import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { prepareChain } from './runtime/chain-runtime';
import type { Config } from './config/config';
import { closeDatabase, openDatabase, type Database } from './db/database';
import { lockDataDirectory, type DataDirLock } from './db/data-dir-lock';
import { tightenDataDirectory, type ModeChange } from './db/data-dir-permissions';
import { applyStagedRestore, type RestoreOutcome } from './db/restore';
import { copyBeforeMigration } from './db/backup-files';
import { BackupService } from './backups/backup-service';
import type { BackupTimer } from './backups/backup-timer';
import { createServices, type Services } from './services';
import { sqliteLedgerFile } from './storage/sqlite/sqlite-ledger-file';
import { SqliteStorage } from './storage/sqlite/sqlite-storage';
import { systemClock, type Clock } from './util/clock';
import { deferredRuntime, openRuntime, type DeferredRuntime, type Runtime } from './runtime/runtime';
import { checkingSource, reopenWith } from './runtime/runtime-restart';
import { whenQuiet } from './runtime/when-quiet';

export interface RunningServer extends Runtime {
  url: string;
  app: FastifyInstance;
  services: Services;
  /** the automatic backups; `backups.onOutcome(listener)` hears each one (the desktop app's notification) */
  backups: BackupService;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logLevel?: string;
  /** when the daily backup runs (tests simulate days); the real timer by default */
  backupTimer?: BackupTimer;
}

/** Where CLIs of the same data directory find the running service; owner-readable only. */
export const serviceFile = (dataDir: string): string => join(dataDir, 'service.json');

const EXPIRY_SWEEP_MS = 1_000;
/** The chain opens once requests pause this long after listening, or this long after at the latest. */
const CHAIN_OPENS_WHEN_QUIET_MS = 100;
const CHAIN_OPENS_AT_LATEST_MS = 2_000;

/**
 * Takes the data directory, opens the ledger, starts HTTP and the expiry sweep, then opens the chain
 * and starts the watcher; resolves once all of it runs (requests are served from the moment it listens).
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  // Ownership first: nothing in the directory is read, swapped or written before this process holds it.
  const lock = lockDataDirectory(config.dataDir);
  let db: Database | null = null;
  const clock = options.clock ?? systemClock;
  try {
    const tightened = tightenDataDirectory(config.dataDir);
    // A backup uploaded from the console is swapped in here, by the owner, before anything opens the ledger.
    const restored = applyStagedRestore(lock, new Date(clock.now()));
    let migrationCopy: string | null = null;
    db = openDatabase(join(config.dataDir, 'tontill.db'), {
      exclusive: true,
      beforeMigration: (unmigrated, from) => {
        migrationCopy = copyBeforeMigration(unmigrated, from, config.dataDir, clock.now());
      },
    });
    return await startOnLedger(config, options, { lock, db, tightened, restored, migrationCopy });
  } catch (err) {
    if (db) closeDatabase(db);
    lock.release();
    throw err;
  }
}

interface Owned {
  lock: DataDirLock;
  db: Database;
  /** what start-up did to the directory, logged once the logger exists */
  tightened: ModeChange[];
  restored: RestoreOutcome;
  /** the copy of the ledger made before migrating it, if it was migrated */
  migrationCopy: string | null;
}

async function startOnLedger(config: Config, options: StartOptions, { lock, db, tightened, restored, migrationCopy }: Owned): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // The watcher and the chain's providers log through the app's logger, which exists only once the app is built.
  const log = { info: (f: Record<string, unknown>, m: string) => app.log.info(f, m), warn: (f: Record<string, unknown>, m: string) => app.log.warn(f, m) };
  const chain = await prepareChain(config, () => Math.floor(clock.now() / 1000), log);
  let publicUrl = config.publicUrl ?? '';
  const onListenerError = (err: unknown) => app.log.error({ err }, 'event listener failed');
  const storage = new SqliteStorage(db, onListenerError);
  const services = await createServices({ storage, config, clock, chain: chain.info, publicUrl: () => publicUrl, onListenerError });
  // The chain (an emulator to load, or toncenter to reach) opens once the service listens: creating
  // a payment needs only chain.info.
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const runtime = deferredRuntime(chain.info, () => openRuntime(chain, services, {
    intervalMs: config.chain.pollIntervalMs, batchSize: config.chain.watcherBatchSize, reconcileIntervalMs: config.chain.reconcileIntervalMs, log,
  }), reopenWith({ services, log, nowSeconds }), checkingSource);
  const ledgerFile = sqliteLedgerFile(db, storage);
  const backups = new BackupService({
    ledgerFile, settings: services.settings, clock, dataDir: config.dataDir, log: { error: (f, m) => app.log.error(f, m) },
    ...(options.backupTimer ? { timer: options.backupTimer } : {}),
  });
  const app = await buildApp({ services, runtime, ledgerFile, backups, ...(options.logLevel ? { logLevel: options.logLevel } : {}) });
  for (const change of tightened) app.log.warn(change, 'data directory was readable by others: permissions tightened');
  if (restored.applied || 'rejected' in restored) app.log.warn({ restored }, 'a backup staged from the console was processed at start');
  if (migrationCopy) app.log.info({ file: migrationCopy }, 'the ledger was copied before its migration');
  const address = await app.listen({ host: config.host, port: config.port });
  publicUrl ||= address;
  services.webhooks.startDispatcher({ log });
  await backups.start();
  const sweep = setInterval(() => {
    if (services.restore.pending) return;
    services.payments.expireDue().catch((err: unknown) => app.log.error({ err }, 'expiry sweep failed; retrying at the next one'));
  }, EXPIRY_SWEEP_MS);
  writeServiceFile(config.dataDir, { url: address, pid: process.pid, consoleToken: services.sessions.processToken() });

  let closing: Promise<void> | null = null;
  const close = () => (closing ??= (async () => {
    clearInterval(sweep);
    await backups.stop();
    await runtime.current()?.watcher.stop();
    await app.close();
    await services.webhooks.stopDispatcher();
    await storage.close();
    closeDatabase(db);
    rmSync(serviceFile(config.dataDir), { force: true });
    lock.release();
  })());
  const live = await goLive(runtime, services, close, whenQuiet(app.server, CHAIN_OPENS_WHEN_QUIET_MS, CHAIN_OPENS_AT_LATEST_MS));
  return { url: address, app, services, backups, ...live, close };
}

/**
 * Opens the chain (loading an emulator holds the event loop for a few hundred ms, so the first
 * requests go first) and runs the watcher, except while a staged restore waits. A chain that
 * cannot open stops the service.
 */
async function goLive(runtime: DeferredRuntime, services: Services, close: () => Promise<void>, quiet: Promise<void>): Promise<Runtime> {
  let live: Runtime;
  try {
    await quiet;
    live = await runtime.start();
  } catch (err) {
    await close();
    throw err;
  }
  // Chain facts credited after a restore was staged would land in the ledger it replaces; the
  // restored ledger's own cursor picks them up again from the chain at the next start.
  if (!services.restore.pending) live.watcher.start();
  let toggling: Promise<void> = Promise.resolve();
  // the watcher running now: a restart in place may have replaced the first one
  services.restore.onChange((staged) => {
    toggling = toggling.then(() => {
      const watcher = runtime.current()?.watcher;
      return staged ? watcher?.stop() : watcher?.start();
    });
  });
  return live;
}

function writeServiceFile(dataDir: string, content: { url: string; pid: number; consoleToken: string }): void {
  const file = serviceFile(dataDir);
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  chmodSync(file, 0o600);
}
