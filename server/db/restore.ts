import BetterSqlite3 from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RestoreAtStart } from '../../contract/backups';
import {
  backupFolderOfFile,
  backupStamp,
  beforeRestoreName,
  createPrivately,
  moveFile,
  usableFolder,
} from './backup-files';
import { assertHeld, DataDirectoryInUseError, type DataDirLock } from './data-dir-lock';
import { openDatabase, schemaVersion, type Database } from './database';
import { readSchema, schemaAtVersion, schemaDifferences, summariseDifferences } from './ledger-schema';
import { migrations, type Migration } from './migrations/index';

/** An uploaded backup waits here until the next start swaps it in. */
export const restoreFile = (dataDir: string): string => join(dataDir, 'restore.db');
const ledger = (dataDir: string): string => join(dataDir, 'tontill.db');
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const LEDGER_FILES = ['', '-wal', '-shm'];

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

/**
 * A TonTill ledger this build can open: SQLite, a schema version not from the future, exactly the
 * schema the ladder builds at that version (no trigger or view of anyone else's runs in the service,
 * no table lacks a column it queries), intact.
 */
export function checkBackup(file: string, ladder: readonly Migration[] = migrations): BackupCheck {
  if (!hasSqliteHeader(file))
    return { ok: false, message: 'is not an SQLite database (the file does not start with the SQLite header)' };
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const version = schemaVersion(db);
    if (version > ladder.length) {
      return {
        ok: false,
        message: `comes from a newer TonTill (schema version ${version}, this build knows ${ladder.length}); upgrade first`,
      };
    }
    if (version < 1) return { ok: false, message: 'is an SQLite file but not a TonTill ledger' };
    const problems = schemaDifferences(schemaAtVersion(ladder, version), readSchema(db));
    if (problems.length > 0)
      return {
        ok: false,
        message: `is not the schema TonTill builds at version ${version}: ${summariseDifferences(problems)}`,
      };
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

/** A write that changes nothing: proves SQLite will let the service write this ledger (its header may say otherwise). */
function proveWritable(db: Database): void {
  db.pragma(`user_version = ${schemaVersion(db)}`);
}

/**
 * Opens and migrates a copy of `file` in `scratchDir` as the service would at its next start, then
 * deletes the copy: a candidate that passes checkBackup but would not open is refused before it is staged.
 */
export function rehearseRestore(
  file: string,
  scratchDir: string,
  ladder: readonly Migration[] = migrations,
): { ok: true } | { ok: false; message: string } {
  const scratch = join(scratchDir, `rehearsal-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  try {
    createPrivately(scratch);
    copyFileSync(file, scratch);
    const db = openDatabase(scratch, { ladder });
    try {
      proveWritable(db);
    } finally {
      db.close();
    }
    return { ok: true };
  } catch (err) {
    return {
      ok: false,
      message: `cannot be opened and migrated to schema version ${ladder.length} (${(err as Error).message})`,
    };
  } finally {
    for (const suffix of LEDGER_FILES) rmSync(scratch + suffix, { force: true });
  }
}

/** Everything a candidate must pass before it is staged: checkBackup, then the rehearsal on a scratch copy. */
export function checkRestoreCandidate(
  file: string,
  scratchDir: string,
  ladder: readonly Migration[] = migrations,
): BackupCheck {
  const check = checkBackup(file, ladder);
  if (!check.ok) return check;
  const rehearsal = rehearseRestore(file, scratchDir, ladder);
  return rehearsal.ok ? check : rehearsal;
}

export type RestoreOutcome =
  | { applied: false; outcome: 'none' }
  | { applied: true; outcome: 'applied'; previous: string | null }
  | { applied: false; outcome: 'rejected' | 'rolled-back'; kept: string; message: string };

function moveLedgerFiles(from: string, to: string): void {
  for (const suffix of LEDGER_FILES) {
    if (existsSync(from + suffix)) moveFile(from + suffix, to + suffix);
  }
}

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
  if (!existsSync(staged)) return { applied: false, outcome: 'none' };
  const check = checkBackup(staged);
  if (!check.ok) {
    const kept = join(dataDir, `restore-rejected-${backupStamp(now.getTime())}.db`);
    renameSync(staged, kept);
    return { applied: false, outcome: 'rejected', kept, message: check.message };
  }
  let previous: string | null = null;
  if (existsSync(ledger(dataDir))) {
    const keep = usableFolder(backupFolderOfFile(ledger(dataDir), dataDir), dataDir);
    previous = join(keep, beforeRestoreName(now.getTime()));
    moveLedgerFiles(ledger(dataDir), previous);
  }
  rmSync(`${staged}-wal`, { force: true });
  rmSync(`${staged}-shm`, { force: true });
  renameSync(staged, ledger(dataDir));
  return { applied: true, outcome: 'applied', previous };
}

/**
 * The start-up path of the SQLite ledger: applies a staged restore, then opens the ledger with `open`.
 * When the restored ledger will not open, migrate or take a write, it is set aside as
 * `restore-failed-<time>.db` and the ledger it replaced comes back: a restore never leaves a service
 * that cannot start. `restore` says what happened, for the log and the dashboard.
 */
export function openWithStagedRestore(
  lock: DataDirLock,
  open: (file: string) => Database,
  now: Date = new Date(),
): { db: Database; restore: RestoreOutcome } {
  const restore = applyStagedRestore(lock, now);
  const file = ledger(lock.dataDir);
  if (!restore.applied) return { db: open(file), restore };
  try {
    const db = open(file);
    try {
      proveWritable(db);
    } catch (err) {
      db.close();
      throw err;
    }
    return { db, restore };
  } catch (err) {
    if (err instanceof DataDirectoryInUseError) throw err;
    const kept = join(lock.dataDir, `restore-failed-${backupStamp(now.getTime())}.db`);
    moveLedgerFiles(file, kept);
    if (restore.previous) moveLedgerFiles(restore.previous, file);
    return {
      db: open(file),
      restore: { applied: false, outcome: 'rolled-back', kept, message: (err as Error).message },
    };
  }
}

/** What the dashboard says about the restore processed at this start; null when there was none. */
export function describeRestoreAtStart(restore: RestoreOutcome, at: Date): RestoreAtStart | null {
  const when = at.toISOString();
  switch (restore.outcome) {
    case 'none':
      return null;
    case 'applied':
      return {
        at: when,
        outcome: 'applied',
        kept: restore.previous,
        message: `The staged backup was restored${restore.previous ? `; the ledger it replaced is kept as ${restore.previous}` : ''}.`,
      };
    case 'rejected':
      return {
        at: when,
        outcome: 'rejected',
        kept: restore.kept,
        message: `The backup staged for this start was refused: it ${restore.message}. TonTill runs on the ledger it had; the refused file is kept as ${restore.kept}.`,
      };
    case 'rolled-back':
      return {
        at: when,
        outcome: 'rolled-back',
        kept: restore.kept,
        message: `The backup staged for this start could not be opened (${restore.message}). TonTill put the previous ledger back and runs on it; the backup is kept as ${restore.kept}.`,
      };
  }
}
