import BetterSqlite3 from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { CHECKSUM_PARTIAL_SUFFIX, CHECKSUM_SUFFIX, writeChecksum } from './backup-checksum';
import type { Database } from './database';

/**
 * The backup folder's names and the copies made before the ledger is open (before a migration or a
 * restore). The folder is a setting in the ledger itself, read here with SQL because nothing else
 * is open yet; server/backups/ writes it through the settings store.
 */
export const BACKUP_SETTINGS_KEY = 'backup_settings';
export const defaultBackupFolder = (dataDir: string): string => join(dataDir, 'backups');

/** 2026-11-21T12:00:00.000Z -> 2026-11-21T12-00-00-000Z: sortable, and valid in every file system. */
export const backupStamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');
const STAMP = '(\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z)';
const stampTime = (stamp: string): number =>
  Date.parse(stamp.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));

export const automaticBackupName = (ms: number): string => `tontill-${backupStamp(ms)}.db`;
/** "Back up now": rotated with the daily ones, but named apart so the list can say who asked. */
export const manualBackupName = (ms: number): string => `tontill-manual-${backupStamp(ms)}.db`;
export const beforeMigrationName = (from: number, ms: number): string =>
  `tontill-before-migration-v${from}-${backupStamp(ms)}.db`;
export const beforeRestoreName = (ms: number): string => `tontill-before-restore-${backupStamp(ms)}.db`;

const PATTERNS = [
  { kind: 'automatic', re: new RegExp(`^tontill-${STAMP}\\.db$`) },
  { kind: 'manual', re: new RegExp(`^tontill-manual-${STAMP}\\.db$`) },
  { kind: 'before-migration', re: new RegExp(`^tontill-before-migration-v\\d+-${STAMP}\\.db$`) },
  { kind: 'before-restore', re: new RegExp(`^tontill-before-restore-${STAMP}\\.db$`) },
] as const;

export type NamedBackup = { kind: (typeof PATTERNS)[number]['kind']; at: number };

/** What a file in the backup folder is, by its name; null for a file TonTill did not name. */
export function parseBackupName(name: string): NamedBackup | null {
  for (const { kind, re } of PATTERNS) {
    const match = re.exec(name);
    if (match) return { kind, at: stampTime(match[1]!) };
  }
  return null;
}

/** The folder the owner chose (stored in the ledger's settings), or the default when none or unreadable. */
export function configuredBackupFolder(db: Database, dataDir: string): string {
  try {
    const row = db.prepare('SELECT value_json FROM settings WHERE key = ?').pluck().get(BACKUP_SETTINGS_KEY) as
      string | undefined;
    const folder = row ? (JSON.parse(row) as { folder?: unknown }).folder : undefined;
    return typeof folder === 'string' && isAbsolute(folder) ? folder : defaultBackupFolder(dataDir);
  } catch {
    // a ledger from before the settings table, or a damaged row: the default is always allowed
    return defaultBackupFolder(dataDir);
  }
}

/** A copy being written is named so until it is checked and renamed: nothing lists or restores it. */
export const partialName = (name: string): string => `.partial-${name}`;
const PARTIAL_COPY = /^\.partial-(.+?)(-wal|-shm|-journal)?$/;

/**
 * What a process killed while writing a backup leaves in the folder: a partial copy of one of our
 * names (and its WAL or journal), a half-written checksum, a checksum whose backup never got its name.
 */
export function isLeftoverCopy(name: string, names: ReadonlySet<string>): boolean {
  const partial = PARTIAL_COPY.exec(name);
  if (partial) return parseBackupName(partial[1]!) !== null;
  if (name.endsWith(CHECKSUM_PARTIAL_SUFFIX))
    return parseBackupName(name.slice(0, -CHECKSUM_PARTIAL_SUFFIX.length)) !== null;
  if (name.endsWith(CHECKSUM_SUFFIX)) {
    const backup = name.slice(0, -CHECKSUM_SUFFIX.length);
    return parseBackupName(backup) !== null && !names.has(backup);
  }
  return false;
}

/** Deletes the leftovers of a killed backup in `folder` (one service writes to a folder at a time); returns their names. */
export function removeLeftoverCopies(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const present = new Set(names);
  const leftovers = names.filter((name) => isLeftoverCopy(name, present));
  for (const name of leftovers) rmSync(join(folder, name), { force: true });
  return leftovers;
}

/** The configured folder of the ledger file at `file`, read without keeping it open. */
export function backupFolderOfFile(file: string, dataDir: string): string {
  if (!existsSync(file)) return defaultBackupFolder(dataDir);
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    return configuredBackupFolder(db, dataDir);
  } catch {
    return defaultBackupFolder(dataDir);
  } finally {
    db?.close();
  }
}

/** Creates `folder` (owner-only) if needed and proves this process can write in it; throws Node's error otherwise. */
export function assertWritableFolder(folder: string): void {
  const probe = join(folder, `.tontill-write-check-${process.pid}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(probe, '', { mode: 0o600 });
  rmSync(probe, { force: true });
}

function writable(folder: string): boolean {
  try {
    assertWritableFolder(folder);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates `file` empty and owner-only before SQLite writes a copy into it (an online backup, VACUUM
 * INTO): the ledger holds the signing secrets, and SQLite would create it readable by all.
 */
export function createPrivately(file: string): void {
  closeSync(openSync(file, 'w', 0o600));
}

/** The configured folder if it can be written (a backup drive may be unplugged), else the default one. */
export function usableFolder(preferred: string, dataDir: string): string {
  if (writable(preferred)) return preferred;
  const fallback = defaultBackupFolder(dataDir);
  mkdirSync(fallback, { recursive: true, mode: 0o700 });
  return fallback;
}

/**
 * Copies the still-unmigrated ledger before a migration changes it (VACUUM INTO: one consistent
 * file, synchronous, on the connection that holds the exclusive lock), into the configured folder or
 * else the default one, under a partial name until its checksum is written. Throws when no copy can
 * be made, so a migration never runs without one.
 */
export function copyBeforeMigration(db: Database, from: number, dataDir: string, now: number): string {
  const folders = [...new Set([configuredBackupFolder(db, dataDir), defaultBackupFolder(dataDir)])];
  let failure: unknown = null;
  for (const folder of folders) {
    const name = beforeMigrationName(from, now);
    const file = join(folder, name);
    const partial = join(folder, partialName(name));
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      createPrivately(partial);
      db.prepare('VACUUM INTO ?').run(partial);
      writeChecksum(partial, file);
      renameSync(partial, file);
      return file;
    } catch (err) {
      rmSync(partial, { force: true });
      failure = err;
    }
  }
  throw new Error(`could not copy the ledger before migrating it from version ${from}: ${(failure as Error).message}`);
}

/**
 * A copy of the ledger at `source` as one file: its WAL (a ledger set aside by a service that was
 * killed still holds recent commits there) is copied too and folded in. A file SQLite cannot open
 * is copied as it is, for checkBackup to refuse.
 */
export function copyLedgerFile(source: string, target: string): void {
  createPrivately(target);
  copyFileSync(source, target);
  if (!existsSync(`${source}-wal`)) return;
  createPrivately(`${target}-wal`);
  copyFileSync(`${source}-wal`, `${target}-wal`);
  try {
    const db = new BetterSqlite3(target);
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // not a database: checkBackup says so
  }
}

/** Moves a file, copying when the target is on another file system (a backup drive). */
export function moveFile(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EXDEV') throw err;
    copyFileSync(from, to);
    rmSync(from);
  }
}
