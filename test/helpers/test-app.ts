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
import { openSharedLedger } from '../../server/runtime/shared-ledger';
import { openPgPool } from '../../server/storage/postgres/pg-database';
import type { Storage } from '../../server/storage/storage-port';
import { sqliteLedgerFile, type SqliteLedgerFile } from '../../server/storage/sqlite/sqlite-ledger-file';
import { SqliteStorage } from '../../server/storage/sqlite/sqlite-storage';
import type { FlushWal } from '../../server/storage/sqlite/wal-sync';
import type { Clock } from '../../server/util/clock';
import { dropTestDatabase, TEST_ENGINE, testDatabaseUrl } from './test-database';

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
  storage: TestStorage;
  /** the SQLite connection itself, for tests that check the SQL (query plans, the file); SQLite only */
  db: Database;
  /** what a plain SELECT (no parameters) finds in the ledger, on either engine: what is stored, as stored */
  rows<R = Record<string, unknown>>(sql: string): Promise<R[]>;
  apiKey: string;
  clock: ManualClock;
  dataDir: string;
  close(): Promise<void>;
}

export type TestStorage = Storage & { whenWritten(): Promise<void>; close(): Promise<void> };

interface TestLedger {
  storage: TestStorage;
  db: Database | null;
  rows(sql: string): Promise<unknown[]>;
  ledgerFile: SqliteLedgerFile | null;
  close(): Promise<void>;
}

/** Stands for the SQLite connection in the postgres project: a test that reads the file itself fails saying so. */
function sqliteOnly(): Database {
  return new Proxy(
    {},
    {
      get() {
        throw new Error('this test reads the SQLite file itself: it belongs to the sqlite project only');
      },
    },
  ) as Database;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The engine of the test project: a SQLite file in `dataDir`, or (postgres project) that data directory's own database. */
async function openTestLedger(
  dataDir: string,
  flushWal: FlushWal | undefined,
  onListenerError: (err: unknown) => void,
): Promise<TestLedger> {
  if (TEST_ENGINE === 'postgres') {
    const url = await testDatabaseUrl(dataDir);
    const shared = await openSharedLedger({ url, poolSize: 10, onCallbackError: onListenerError, log: silent });
    const observer = openPgPool(url, { max: 1 });
    return {
      storage: shared.storage,
      db: null,
      ledgerFile: null,
      rows: async (sql) => (await observer.query(sql)).rows,
      async close() {
        await observer.end();
        await shared.close();
      },
    };
  }
  const db = openDatabase(join(dataDir, 'tontill.db'), { exclusive: true });
  const storage = new SqliteStorage(db, onListenerError, flushWal ? { flushWal } : {});
  return {
    storage,
    db,
    ledgerFile: sqliteLedgerFile(db, storage),
    rows: async (sql) => db.prepare(sql).all(),
    async close() {
      await storage.close();
      closeDatabase(db);
    },
  };
}

/** The real app over a real ledger (a SQLite file in a temp dir, or PostgreSQL in the postgres project), with one API key ready. */
export async function createTestApp(
  options: {
    config?: Partial<ConfigInput>;
    dataDir?: string;
    clock?: ManualClock;
    onRoute?: (route: RouteOptions) => void;
    /** stands for the disk under the ledger's WAL (a disk that refuses a flush) */
    flushWal?: FlushWal;
  } = {},
): Promise<TestApp> {
  const dir = options.dataDir ? null : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const config = parseConfig({ dataDir, rateLimit: { enabled: false }, ...options.config });
  const clock = options.clock ?? new ManualClock();
  const onListenerError = (err: unknown) => {
    throw err;
  };
  const ledger = await openTestLedger(dataDir, options.flushWal, onListenerError);
  const { storage, ledgerFile } = ledger;
  const services = await createServices({
    storage,
    config,
    clock,
    chain: TEST_CHAIN,
    publicUrl: () => 'http://127.0.0.1:8787',
    onListenerError,
  });
  // not started: tests that need the schedule use startTestServer; the routes are here to be walked
  const backups = ledgerFile ? new BackupService({ ledgerFile, settings: services.settings, clock, dataDir }) : null;
  const app = await buildApp({
    services,
    ...(ledgerFile && backups ? { ledgerFile, backups } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    // no runtime here: nothing watches the chain, and a shared ledger's id is not this app's to tell
    ledger: { engine: TEST_ENGINE, instance: () => null, watching: () => false },
  });
  const { key } = await services.apiKeys.create('test');
  return {
    app,
    services,
    storage,
    apiKey: key,
    clock,
    dataDir,
    db: ledger.db ?? sqliteOnly(),
    rows: async <R>(sql: string) => (await ledger.rows(sql)) as R[],
    async close() {
      await app.close();
      await ledger.close();
      if (dir && TEST_ENGINE === 'postgres') await dropTestDatabase(dataDir);
      dir?.remove();
    },
  };
}

export const QUICK_START = { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', externalId: 'order-1' };
