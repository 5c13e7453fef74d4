import type { Database, Statement } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../util/clock';

/** Small key/value settings kept in the ledger so a backup carries them. */
export class SettingsStore {
  private readonly getStmt: Statement<[string], { value_json: string }>;
  private readonly setStmt: Statement<[string, string, number]>;

  constructor(db: Database, private readonly clock: Clock) {
    this.getStmt = db.prepare('SELECT value_json FROM settings WHERE key = ?');
    this.setStmt = db.prepare(`INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`);
  }

  get<T>(key: string): T | undefined {
    const row = this.getStmt.get(key);
    return row ? (JSON.parse(row.value_json) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    this.setStmt.run(key, JSON.stringify(value), this.clock.now());
  }

  /** A secret generated on first use and stable afterwards (signing keys). */
  secret(key: string): Buffer {
    const existing = this.get<string>(key);
    if (existing) return Buffer.from(existing, 'base64');
    const fresh = randomBytes(32);
    this.set(key, fresh.toString('base64'));
    return fresh;
  }
}
