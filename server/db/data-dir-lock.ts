import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The file whose lock says who owns a data directory. It never moves, unlike the ledger a restore replaces. */
export const lockFile = (dataDir: string): string => join(dataDir, 'tontill.lock');

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string) {
    super(`${dataDir} is in use by another TonTill process (a running service?); stop it or use another --data-dir`);
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** whether this process still owns the directory */
  readonly held: boolean;
  release(): void;
}

/**
 * Makes this process the one owner of `dataDir`, before anything in it is read or written.
 * The lock is an exclusive SQLite lock on a file of its own (POSIX advisory lock on Unix,
 * LockFileEx on Windows): the operating system drops it when the process dies, even by kill -9,
 * so a crash never leaves a stale lock and a live owner is never second-guessed by a pid check.
 */
export function lockDataDirectory(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new BetterSqlite3(lockFile(dataDir));
  try {
    chmodSync(lockFile(dataDir), 0o600);
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    // A write takes the EXCLUSIVE lock; locking_mode=EXCLUSIVE keeps it until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER, since TEXT)');
    db.prepare('INSERT OR REPLACE INTO owner (id, pid, since) VALUES (1, ?, ?)').run(
      process.pid,
      new Date().toISOString(),
    );
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirectoryInUseError(dataDir);
    throw err;
  }
  return {
    dataDir,
    get held() {
      return db.open;
    },
    release() {
      if (db.open) db.close();
    },
  };
}

/** Refuses to go on unless `lock` still owns its directory: the guard in front of anything that swaps files there. */
export function assertHeld(lock: DataDirLock): void {
  if (!lock.held) throw new Error(`this process no longer owns ${lock.dataDir}; refusing to change files in it`);
}
