import BetterSqlite3 from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataDirectoryInUseError } from './data-dir-lock';
import { migrations, type Migration } from './migrations/index';

export type Database = BetterSqlite3.Database;

export class DatabaseFromFutureError extends Error {
  constructor(found: number, known: number) {
    super(`database schema version ${found} is newer than this build knows (${known}); refusing to open it`);
    this.name = 'DatabaseFromFutureError';
  }
}

export { DataDirectoryInUseError };

export interface OpenOptions {
  ladder?: readonly Migration[];
  /**
   * Hold the file for this connection alone (the service does). Readers then skip the shared-memory
   * locks WAL takes per transaction, which halves the cost of a lookup on this machine, and a second
   * service on the same data directory is refused instead of double-sending webhooks.
   */
  exclusive?: boolean;
  /** Called once before migrating a ledger that has data (0 < user_version < latest): the copy before a migration. */
  beforeMigration?: (db: Database, from: number) => void;
}

/** Opens (creating if needed) the ledger at `file`, or in memory for ':memory:', and migrates it. */
export function openDatabase(file: string, options: OpenOptions = {}): Database {
  if (file !== ':memory:') createPrivately(file);
  const db = new BetterSqlite3(file);
  try {
    configure(db, options);
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirectoryInUseError(dirname(file));
    throw err;
  }
  return db;
}

/**
 * SQLite creates files 0644 and gives the WAL and shared-memory files the mode of the ledger itself:
 * creating the ledger 0600 first keeps all three owner-only.
 */
function createPrivately(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

function configure(db: Database, options: OpenOptions): void {
  db.pragma('busy_timeout = 2000');
  if (options.exclusive) db.pragma('locking_mode = EXCLUSIVE');
  // WAL + FULL: every commit is fsynced before the caller answers 2xx, so an acknowledged payment
  // or a credited transfer survives a power cut at the till, not only kill -9. The service's
  // storage (SqliteStorage) takes this over: it flushes the WAL itself, off the event loop.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  const ladder = options.ladder ?? migrations;
  const from = schemaVersion(db);
  if (options.beforeMigration && from > 0 && from < ladder.length) options.beforeMigration(db, from);
  migrate(db, ladder);
  // the first read takes the exclusive lock; take it now so a clash shows at start, not mid-request
  db.prepare('SELECT count(*) FROM sqlite_master').get();
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs every pending step of the ladder in one transaction, so a failed step leaves nothing behind. */
export function migrate(db: Database, ladder: readonly Migration[]): void {
  const current = schemaVersion(db);
  const latest = ladder.length;
  if (current > latest) throw new DatabaseFromFutureError(current, latest);
  ladder.forEach((step, index) => {
    if (step.version !== index + 1) throw new Error(`migration ${step.name} is out of order`);
  });
  if (current === latest) return;
  db.transaction(() => {
    for (const step of ladder.slice(current)) step.up(db);
    db.pragma(`user_version = ${latest}`);
  })();
}

/** Folds the WAL back into the main file; called on clean shutdown so backups copy one file. */
export function closeDatabase(db: Database): void {
  if (!db.open) return;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
