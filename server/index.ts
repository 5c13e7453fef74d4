import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { prepareChain } from './runtime/chain-runtime';
import type { Config } from './config/config';
import { closeDatabase, openDatabase } from './db/database';
import { lockDataDirectory, type DataDirLock } from './db/data-dir-lock';
import { tightenDataDirectory } from './db/data-dir-permissions';
import { describeRestoreAtStart, openWithStagedRestore } from './db/restore';
import { copyBeforeMigration } from './db/backup-files';
import { BackupService } from './backups/backup-service';
import type { BackupTimer } from './backups/backup-timer';
import type { RestoreAtStart } from '../contract/backups';
import { createServices, type Services } from './services';
import type { Storage } from './storage/storage-port';
import { sqliteLedgerFile, type SqliteLedgerFile } from './storage/sqlite/sqlite-ledger-file';
import { SqliteStorage } from './storage/sqlite/sqlite-storage';
import { systemClock, type Clock } from './util/clock';
import { deferredRuntime, openRuntime, type DeferredRuntime, type Runtime } from './runtime/runtime';
import { checkingSource, reopenWith } from './runtime/runtime-restart';
import { whenQuiet } from './runtime/when-quiet';
import { collectGarbage, growHeapModestly, releaseAtRest } from './runtime/at-rest';
import { bufferedLog, type BufferedLog } from './runtime/buffered-log';
import type { SharedLedger } from './runtime/shared-ledger';

// The service's one surface for the desktop shell (main/ imports nothing else of server/).
export { CONSOLE_COOKIE } from './auth/guards';
export { describeStartupError } from './runtime/startup-error';
export { loadConfig, parseConfig } from './config/config';

export interface RunningServer extends Runtime {
  url: string;
  app: FastifyInstance;
  services: Services;
  /**
   * The automatic backups; `backups.onOutcome(listener)` hears each one (the desktop app's notification).
   * Null on PostgreSQL, which is backed up with pg_dump (README, "Running on PostgreSQL").
   */
  backups: BackupService | null;
  /** on PostgreSQL: the watcher's lease and the live relay between instances; null on SQLite */
  shared: SharedLedger | null;
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
  growHeapModestly();
  // Ownership first: nothing in the directory is read, swapped or written before this process holds it.
  const lock = lockDataDirectory(config.dataDir);
  const clock = options.clock ?? systemClock;
  // The app's logger exists only once the app is built; until then lines wait here.
  const early = bufferedLog();
  let ledger: OpenedLedger | null = null;
  try {
    const tightened = tightenDataDirectory(config.dataDir);
    for (const change of tightened)
      early.warn({ ...change }, 'data directory was readable by others: permissions tightened');
    ledger = config.database.url
      ? sharedLedger(
          // PostgreSQL's driver loads only for a ledger on PostgreSQL: 25 ms of every SQLite start
          await (
            await import('./runtime/shared-ledger')
          ).openSharedLedger({
            url: config.database.url,
            poolSize: config.database.poolSize,
            log: early,
            onCallbackError: (err) => early.error({ err }, 'event listener failed'),
          }),
        )
      : openSqliteLedger(config, lock, clock, early);
    return await startOnLedger(config, options, { lock, ledger, early });
  } catch (err) {
    await ledger?.close();
    lock.release();
    throw err;
  }
}

/** What the service runs on: SQLite in the data directory, or PostgreSQL shared with other instances. */
interface OpenedLedger {
  storage: Storage & { whenWritten(): Promise<void>; close(): Promise<void> };
  /** only SQLite: the file itself, for the console's backups and restores */
  ledgerFile: SqliteLedgerFile | null;
  /** only PostgreSQL: the watcher's lease and the live relay between instances */
  shared: SharedLedger | null;
  /** only SQLite: what this start did with a restore staged from the console */
  restoreAtStart?: RestoreAtStart | null;
  /** gives back what the ledger caches (SQLite's page cache) while nothing asks for it */
  releaseMemory(): void;
  close(): Promise<void>;
}

/** The SQLite ledger, with a backup staged from the console swapped in first, and copied before a migration. */
function openSqliteLedger(config: Config, lock: DataDirLock, clock: Clock, log: BufferedLog): OpenedLedger {
  // A backup uploaded from the console is swapped in here, by the owner, before anything opens the
  // ledger; one that will not open is set aside and the previous ledger opened instead.
  const { db, restore } = openWithStagedRestore(
    lock,
    (ledgerPath) =>
      openDatabase(ledgerPath, {
        exclusive: true,
        beforeMigration: (unmigrated, from) => {
          const file = copyBeforeMigration(unmigrated, from, config.dataDir, clock.now());
          log.info({ file }, 'the ledger was copied before its migration');
        },
      }),
    new Date(clock.now()),
  );
  if (restore.outcome !== 'none') log.warn({ restore }, 'a backup staged from the console was processed at start');
  const storage = new SqliteStorage(db, (err) => log.error({ err }, 'event listener failed'));
  return {
    storage,
    ledgerFile: sqliteLedgerFile(db, storage),
    shared: null,
    restoreAtStart: describeRestoreAtStart(restore, new Date(clock.now())),
    // the pages come back from the file (or the OS's cache of it) when next read
    releaseMemory: () => void db.pragma('shrink_memory'),
    async close() {
      await storage.close();
      closeDatabase(db);
    },
  };
}

function sharedLedger(shared: SharedLedger): OpenedLedger {
  // the pool's idle connections close on their own; their memory is PostgreSQL's
  return {
    storage: shared.storage,
    ledgerFile: null,
    shared,
    releaseMemory: () => undefined,
    close: () => shared.close(),
  };
}

interface Owned {
  lock: DataDirLock;
  ledger: OpenedLedger;
  early: BufferedLog;
}

async function startOnLedger(
  config: Config,
  options: StartOptions,
  { lock, ledger, early }: Owned,
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // The watcher and the chain's providers log through the app's logger, which exists only once the app is built.
  const log = {
    info: (f: Record<string, unknown>, m: string) => app.log.info(f, m),
    warn: (f: Record<string, unknown>, m: string) => app.log.warn(f, m),
  };
  const chain = await prepareChain(config, () => Math.floor(clock.now() / 1000), log);
  let publicUrl = config.publicUrl ?? '';
  const onListenerError = (err: unknown) => app.log.error({ err }, 'event listener failed');
  const { storage, ledgerFile, shared } = ledger;
  const services = await createServices({
    storage,
    config,
    clock,
    chain: chain.info,
    publicUrl: () => publicUrl,
    onListenerError,
    ...(shared ? { watcherStorage: shared.watcherStorage } : {}),
  });
  // The watcher writes through watcherLedger: fenced by the lease when instances share the ledger.
  const runtimeServices = { ...services, ledger: services.watcherLedger };
  // The chain (an emulator to load, or toncenter to reach) opens once the service listens: creating
  // a payment needs only chain.info.
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  // Chain facts credited after a restore was staged would land in the ledger it replaces; on a shared
  // ledger only the instance holding the watcher's lease watches.
  const mayWatch = () => !services.restore.pending && (!shared || shared.leaseEpoch() !== null);
  const runtime = deferredRuntime(
    chain.info,
    () =>
      openRuntime(chain, runtimeServices, {
        intervalMs: config.chain.pollIntervalMs,
        batchSize: config.chain.watcherBatchSize,
        reconcileIntervalMs: config.chain.reconcileIntervalMs,
        log,
      }),
    reopenWith({ services: runtimeServices, log, nowSeconds, mayWatch }),
    checkingSource,
  );
  const backups = ledgerFile
    ? new BackupService({
        ledgerFile,
        settings: services.settings,
        clock,
        dataDir: config.dataDir,
        log: { error: (f, m) => app.log.error(f, m) },
        restoreAtStart: ledger.restoreAtStart ?? null,
        ...(options.backupTimer ? { timer: options.backupTimer } : {}),
      })
    : null;
  const app = await buildApp({
    services,
    runtime,
    ...(ledgerFile && backups ? { ledgerFile, backups } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    // on SQLite the app describes its own ledger (it watches whenever its watcher runs)
    ...(shared
      ? {
          ledger: {
            engine: 'postgres',
            instance: () => shared.instanceId,
            watching: () => shared.leaseEpoch() !== null,
          },
        }
      : {}),
  });
  early.replayTo(app.log);
  await shared?.relayTo(services.bus, onListenerError);
  const address = await app.listen({ host: config.host, port: config.port });
  publicUrl ||= address;
  services.webhooks.startDispatcher({
    log,
    ...(shared ? { claims: { holder: shared.instanceId, leaseMs: shared.deliveryClaimMs } } : {}),
  });
  await backups?.start();
  const sweep = setInterval(() => {
    if (services.restore.pending) return;
    services.payments
      .expireDue()
      .catch((err: unknown) => app.log.error({ err }, 'expiry sweep failed; retrying at the next one'));
  }, EXPIRY_SWEEP_MS);
  writeServiceFile(config.dataDir, { url: address, pid: process.pid, consoleToken: services.sessions.processToken() });
  // A till spends most of its day waiting: what a start or a burst of requests grew is given back then.
  const atRest = releaseAtRest(
    async () => {
      await runtime.current()?.chain.sandbox?.releaseEmulator();
      ledger.releaseMemory();
      collectGarbage();
    },
    (err) => app.log.warn({ err }, 'giving memory back at rest failed'),
  );

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweep);
      atRest.stop();
      await backups?.stop();
      await runtime.current()?.watcher.stop();
      await app.close();
      await services.webhooks.stopDispatcher();
      await ledger.close();
      rmSync(serviceFile(config.dataDir), { force: true });
      lock.release();
    })());
  const live = await goLive(
    runtime,
    services,
    close,
    whenQuiet(app.server, CHAIN_OPENS_WHEN_QUIET_MS, CHAIN_OPENS_AT_LATEST_MS),
    shared,
    mayWatch,
  );
  return { url: address, app, services, backups, shared, ...live, close };
}

/**
 * Opens the chain (loading an emulator holds the event loop for a few hundred ms, so the first
 * requests go first) and runs the watcher when `mayWatch`: not while a restore is staged, and on a
 * shared ledger only while this instance holds the watcher's lease. A chain that cannot open stops
 * the service.
 */
async function goLive(
  runtime: DeferredRuntime,
  services: Services,
  close: () => Promise<void>,
  quiet: Promise<void>,
  shared: SharedLedger | null,
  mayWatch: () => boolean,
): Promise<Runtime> {
  let live: Runtime;
  try {
    await quiet;
    live = await runtime.start();
  } catch (err) {
    await close();
    throw err;
  }
  let toggling: Promise<void> = Promise.resolve();
  // the watcher running now: a restart in place may have replaced the first one
  const toggle = () => {
    toggling = toggling.then(() => {
      const watcher = runtime.current()?.watcher;
      return mayWatch() ? watcher?.start() : watcher?.stop();
    });
  };
  services.restore.onChange(toggle);
  if (shared) shared.watchWhenLeader({ acquired: toggle, lost: toggle });
  else toggle();
  return live;
}

function writeServiceFile(dataDir: string, content: { url: string; pid: number; consoleToken: string }): void {
  const file = serviceFile(dataDir);
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  chmodSync(file, 0o600);
}
