import { Address } from '@ton/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { BackupService } from '../../server/backups/backup-service';
import { parseConfig, type ConfigInput } from '../../server/config/config';
import { closeDatabase, openDatabase, type Database } from '../../server/db/database';
import type { ChainInfo } from '../../server/payments/payment-links';
import { createServices, type Services } from '../../server/services';
import { sqliteLedgerFile } from '../../server/storage/sqlite/sqlite-ledger-file';
import { SqliteStorage } from '../../server/storage/sqlite/sqlite-storage';
import type { FlushWal } from '../../server/storage/sqlite/wal-sync';
import type { Clock } from '../../server/util/clock';

export const TEST_CHAIN: ChainInfo = {
  mode: 'sandbox',
  merchantAddress: new Address(0, Buffer.alloc(32, 7)).toString({ testOnly: true }),
  jettonMaster: new Address(0, Buffer.alloc(32, 9)).toString({ testOnly: true }),
};

/** A clock tests move by hand, so expiry is exercised without sleeping. */
export class ManualClock implements Clock {
  constructor(private ms = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function tempDir(prefix = 'tontill-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** the storage under the services, for tests that check what the port guarantees */
  storage: SqliteStorage;
  /** the connection itself, for tests that check the SQL (query plans, what is stored) */
  db: Database;
  apiKey: string;
  clock: ManualClock;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app over a real SQLite file in a temp dir, with one API key ready. */
export async function createTestApp(options: {
  config?: Partial<ConfigInput>; dataDir?: string; clock?: ManualClock; onRoute?: (route: RouteOptions) => void;
  /** stands for the disk under the ledger's WAL (a disk that refuses a flush) */
  flushWal?: FlushWal;
} = {}): Promise<TestApp> {
  const dir = options.dataDir ? null : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const config = parseConfig({ dataDir, rateLimit: { enabled: false }, ...options.config });
  const db = openDatabase(join(dataDir, 'tontill.db'), { exclusive: true });
  const clock = options.clock ?? new ManualClock();
  const onListenerError = (err: unknown) => { throw err; };
  const storage = new SqliteStorage(db, onListenerError, options.flushWal ? { flushWal: options.flushWal } : {});
  const services = await createServices({ storage, config, clock, chain: TEST_CHAIN, publicUrl: () => 'http://127.0.0.1:8787', onListenerError });
  const ledgerFile = sqliteLedgerFile(db, storage);
  // not started: tests that need the schedule use startTestServer; the routes are here to be walked
  const backups = new BackupService({ ledgerFile, settings: services.settings, clock, dataDir });
  const app = await buildApp({ services, ledgerFile, backups, ...(options.onRoute ? { onRoute: options.onRoute } : {}) });
  const { key } = await services.apiKeys.create('test');
  return {
    app, services, storage, db, apiKey: key, clock, dataDir,
    async close() {
      await app.close();
      await storage.close();
      closeDatabase(db);
      dir?.remove();
    },
  };
}

export const QUICK_START = { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', externalId: 'order-1' };
