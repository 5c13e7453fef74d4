import BetterSqlite3 from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { backupFolderOfFile, backupStamp, beforeRestoreName, moveFile, usableFolder } from './backup-files';
import { assertHeld, type DataDirLock } from './data-dir-lock';
import { migrations } from './migrations/index';

/** An uploaded backup waits here until the next start swaps it in. */
export const restoreFile = (dataDir: string): string => join(dataDir, 'restore.db');
const ledger = (dataDir: string): string => join(dataDir, 'tontill.db');
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export type BackupCheck = { ok: true; schemaVersion: number; payments: number } | { ok: false; message: string };

function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/** A TonTill ledger this build can open: SQLite, intact, our tables, a schema version not from the future. */
export function checkBackup(file: string): BackupCheck {
  if (!hasSqliteHeader(file)) return { ok: false, message: 'is not an SQLite database (the file does not start with the SQLite header)' };
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      return { ok: false, message: `comes from a newer TonTill (schema version ${version}, this build knows ${migrations.length}); upgrade first` };
    }
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    if (version < 1 || !tables.has('payments') || !tables.has('payment_events')) return { ok: false, message: 'is an SQLite file but not a TonTill ledger' };
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return { ok: false, message: `is damaged (${String(check)})` };
    const payments = db.prepare('SELECT COUNT(*) FROM payments').pluck().get() as number;
    return { ok: true, schemaVersion: version, payments };
  } catch (err) {
    return { ok: false, message: `cannot be read as a database (${(err as Error).message})` };
  } finally {
    db?.close();
  }
}

export type RestoreOutcome = { applied: false } | { applied: true; previous: string | null } | { applied: false; rejected: string };

/**
 * Called by startServer before it opens the ledger: swaps a staged backup in. Only the owner of the
 * data directory may (the lock is the proof), so no other process can be writing the ledger it moves.
 * The ledger it replaces is kept (with its WAL) in the backup folder it names (Settings → Backups,
 * `<dataDir>/backups` by default), never deleted, so a wrong restore can be undone by hand.
 */
export function applyStagedRestore(lock: DataDirLock, now: Date = new Date()): RestoreOutcome {
  assertHeld(lock);
  const { dataDir } = lock;
  const staged = restoreFile(dataDir);
  if (!existsSync(staged)) return { applied: false };
  const check = checkBackup(staged);
  if (!check.ok) {
    const rejected = join(dataDir, `restore-rejected-${backupStamp(now.getTime())}.db`);
    renameSync(staged, rejected);
    return { applied: false, rejected: `${rejected}: ${check.message}` };
  }
  let previous: string | null = null;
  if (existsSync(ledger(dataDir))) {
    const keep = usableFolder(backupFolderOfFile(ledger(dataDir), dataDir), dataDir);
    previous = join(keep, beforeRestoreName(now.getTime()));
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(ledger(dataDir) + suffix)) moveFile(ledger(dataDir) + suffix, previous + suffix);
    }
  }
  rmSync(`${staged}-wal`, { force: true });
  rmSync(`${staged}-shm`, { force: true });
  renameSync(staged, ledger(dataDir));
  return { applied: true, previous };
}
