import { join } from 'node:path';
import { buildApp } from '../server/app';
import { parseConfig, type Config } from '../server/config/config';
import { closeDatabase, openDatabase } from '../server/db/database';
import type { EventBus } from '../server/events/event-bus';
import { openSharedLedger } from '../server/runtime/shared-ledger';
import { createServices, type Services } from '../server/services';
import type { Storage } from '../server/storage/storage-port';
import { SqliteStorage } from '../server/storage/sqlite/sqlite-storage';
import { systemClock } from '../server/util/clock';
import { SEED_CHAIN, type SeedTarget } from './seed-ledger';

/** A ledger opened in the bench's own process, for services built without startServer (the console's benches). */
export interface BenchLedger {
  storage: Storage;
  /** what createServices takes as `watcherStorage`: the lease-fenced storage on PostgreSQL */
  watcherStorage?: Storage;
  /** on PostgreSQL, the relay from other instances to `bus`, as startServer attaches it */
  attach(bus: EventBus): Promise<void>;
  close(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined };

/** The `database` part of a service config for `target` (nothing on SQLite). */
export const databaseConfig = (target: SeedTarget): { database?: { url: string } } =>
  'url' in target ? { database: { url: target.url } } : {};

/**
 * The ledger at `target` as the service opens it: SqliteStorage over the data directory's file, or
 * the shared PostgreSQL ledger (openSharedLedger: migrated, the config's pool size, the service's type parsing).
 */
export async function openBenchLedger(target: SeedTarget, config: Config): Promise<BenchLedger> {
  if ('dataDir' in target) {
    const db = openDatabase(join(target.dataDir, 'tontill.db'));
    const storage = new SqliteStorage(db, () => undefined);
    return {
      storage,
      attach: async () => undefined,
      async close() {
        await storage.close();
        closeDatabase(db);
      },
    };
  }
  const shared = await openSharedLedger({
    url: target.url,
    poolSize: config.database.poolSize,
    onCallbackError: () => undefined,
    log: quiet,
  });
  return {
    storage: shared.storage,
    watcherStorage: shared.watcherStorage,
    attach: (bus) => shared.relayTo(bus, () => undefined),
    close: () => shared.close(),
  };
}

/** The console's HTTP app on the ledger at `target`, listening on loopback, without the chain (the console benches). */
export async function serveBenchApp(
  dataDir: string,
  target: SeedTarget,
): Promise<{ url: string; services: Services; close(): Promise<void> }> {
  const config = parseConfig({ dataDir, port: 0, rateLimit: { enabled: false }, ...databaseConfig(target) });
  const ledger = await openBenchLedger(target, config);
  const services = await createServices({
    storage: ledger.storage,
    ...(ledger.watcherStorage ? { watcherStorage: ledger.watcherStorage } : {}),
    config,
    clock: systemClock,
    chain: SEED_CHAIN,
    publicUrl: () => '',
    onListenerError: () => undefined,
  });
  await ledger.attach(services.bus);
  const app = await buildApp({ services });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    services,
    async close() {
      await app.close();
      await ledger.close();
    },
  };
}
