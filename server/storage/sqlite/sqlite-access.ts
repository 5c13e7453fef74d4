import type { Database, Statement } from 'better-sqlite3';
import type {
  ApiKeyRecord,
  ApiKeyRepository,
  SessionHolder,
  SessionKind,
  SessionRepository,
  SettingRepository,
} from '../access-repositories';
import { apiKeyFromRow, holderFromRow, type ApiKeyRow, type SessionHolderRow } from '../stored-rows';

export class SqliteApiKeys implements ApiKeyRepository {
  private readonly insertStmt: Statement;
  private readonly byHashStmt: Statement<[string], ApiKeyRow>;
  private readonly touchStmt: Statement<[number, string]>;
  private readonly revokeStmt: Statement<[number, string]>;
  private readonly listStmt: Statement<[], ApiKeyRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO api_keys (id, name, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.byHashStmt = db.prepare(
      'SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE key_hash = ?',
    );
    this.touchStmt = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
    this.revokeStmt = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    this.listStmt = db.prepare(
      'SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at DESC',
    );
  }

  async insert(record: ApiKeyRecord, keyHash: string): Promise<void> {
    this.insertStmt.run(record.id, record.name, record.prefix, keyHash, record.createdAt);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = this.byHashStmt.get(keyHash);
    return row ? apiKeyFromRow(row) : null;
  }

  async touch(id: string, at: number): Promise<void> {
    this.touchStmt.run(at, id);
  }

  async revoke(id: string, at: number): Promise<boolean> {
    return this.revokeStmt.run(at, id).changes === 1;
  }

  async list(): Promise<ApiKeyRecord[]> {
    return this.listStmt.all().map(apiKeyFromRow);
  }
}

export class SqliteSessions implements SessionRepository {
  private readonly insertStmt: Statement<[string, SessionKind, number, number, string | null]>;
  private readonly consumeStmt: Statement<[number, string, number], { cashier_id: string | null }>;
  private readonly findStmt: Statement<[string, number], SessionHolderRow>;
  private readonly deleteStmt: Statement<[string]>;
  private readonly deleteForCashierStmt: Statement<[string]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO console_sessions (token_hash, kind, created_at, expires_at, cashier_id) VALUES (?, ?, ?, ?, ?)',
    );
    this.consumeStmt = db.prepare(`UPDATE console_sessions SET used_at = ?
      WHERE token_hash = ? AND kind = 'login_link' AND used_at IS NULL AND expires_at > ? RETURNING cashier_id`);
    // a revoked cashier's sessions are deleted with the revocation; the join refuses one all the same
    this.findStmt = db.prepare(`SELECT s.cashier_id, c.name AS cashier_name FROM console_sessions s
      LEFT JOIN cashiers c ON c.id = s.cashier_id
      WHERE s.token_hash = ? AND s.kind = 'session' AND s.expires_at > ? AND (s.cashier_id IS NULL OR c.revoked_at IS NULL)`);
    this.deleteStmt = db.prepare('DELETE FROM console_sessions WHERE token_hash = ?');
    this.deleteForCashierStmt = db.prepare('DELETE FROM console_sessions WHERE cashier_id = ?');
  }

  async insert(
    tokenHash: string,
    kind: SessionKind,
    createdAt: number,
    expiresAt: number,
    cashierId: string | null,
  ): Promise<void> {
    this.insertStmt.run(tokenHash, kind, createdAt, expiresAt, cashierId);
  }

  async consumeLoginLink(tokenHash: string, now: number): Promise<{ cashierId: string | null } | null> {
    const row = this.consumeStmt.get(now, tokenHash, now);
    return row ? { cashierId: row.cashier_id } : null;
  }

  async findLiveSession(tokenHash: string, now: number): Promise<SessionHolder | null> {
    const row = this.findStmt.get(tokenHash, now);
    return row ? holderFromRow(row) : null;
  }

  async delete(tokenHash: string): Promise<void> {
    this.deleteStmt.run(tokenHash);
  }

  async deleteForCashier(cashierId: string): Promise<void> {
    this.deleteForCashierStmt.run(cashierId);
  }
}

export class SqliteSettings implements SettingRepository {
  private readonly getStmt: Statement<[string], { value_json: string }>;
  private readonly setStmt: Statement<[string, string, number]>;
  private readonly deletePrefixStmt: Statement<[string, string], { key: string }>;

  constructor(db: Database) {
    this.getStmt = db.prepare('SELECT value_json FROM settings WHERE key = ?');
    this.setStmt = db.prepare(`INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
      ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`);
    this.deletePrefixStmt = db.prepare('DELETE FROM settings WHERE substr(key, 1, length(?)) = ? RETURNING key');
  }

  async get(key: string): Promise<unknown> {
    const row = this.getStmt.get(key);
    return row ? (JSON.parse(row.value_json) as unknown) : undefined;
  }

  async set(key: string, value: unknown, at: number): Promise<void> {
    this.setStmt.run(key, JSON.stringify(value), at);
  }

  async deleteStartingWith(prefix: string): Promise<string[]> {
    return this.deletePrefixStmt.all(prefix, prefix).map((row) => row.key);
  }
}
