import BetterSqlite3 from 'better-sqlite3';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { closeDatabase, openDatabase } from '../../server/db/database';
import { migrations } from '../../server/db/migrations/index';

/** Restore candidates a hostile review brought: each passes some checks and must still be refused or survived. */

/** The right user_version, but only two tables of one column each. */
export function twoTableLedger(file: string): Buffer {
  const db = new BetterSqlite3(file);
  db.exec('CREATE TABLE payments (id TEXT); CREATE TABLE payment_events (id TEXT);');
  db.pragma(`user_version = ${migrations.length}`);
  db.close();
  return readFileSync(file);
}

/**
 * A genuine ledger one version behind whose header says a newer SQLite wrote it (write version 3):
 * it reads, and quick_check passes, but it cannot be opened for writing, so it can be neither migrated
 * nor used. It stands for any ledger that passes every check yet fails to open.
 */
export function unopenableLedger(file: string): Buffer {
  closeDatabase(openDatabase(file, { ladder: migrations.slice(0, migrations.length - 1) }));
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.from([3]), 0, 1, 18);
  closeSync(fd);
  return readFileSync(file);
}
