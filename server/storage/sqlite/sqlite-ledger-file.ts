import type { Database } from 'better-sqlite3';
import type { SqliteStorage } from './sqlite-storage';

/**
 * What the console's backup and restore need of the ledger, and only SQLite has: the file itself.
 * Passed to those routes by name, so nothing else reaches the connection.
 */
export interface SqliteLedgerFile {
  /** A consistent copy of the ledger at `file` (SQLite's online backup, safe while the service writes). */
  backupTo(file: string): Promise<void>;
  /** Resolves once every write admitted so far is durable: nothing lands after a restore is staged. */
  whenWritten(): Promise<void>;
}

export function sqliteLedgerFile(db: Database, storage: SqliteStorage): SqliteLedgerFile {
  return {
    backupTo: async (file) => {
      await db.backup(file);
    },
    whenWritten: () => storage.whenWritten(),
  };
}
