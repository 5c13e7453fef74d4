import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';

export type ReadonlyDb = BetterSqlite3.Database;

/** The ledger file inside a data directory (startServer and the test helpers use the same name). */
export const ledgerFile = (dataDir: string): string => join(dataDir, 'tontill.db');

/**
 * The console's read side gets its own read-only connection: long reads (CSV export, backups)
 * never hold the writer's connection, and nothing here can change the ledger by mistake.
 * WAL lets it see every committed write of the service's connection.
 */
export function openConsoleReader(dataDir: string): ReadonlyDb {
  const db = new BetterSqlite3(ledgerFile(dataDir), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}
