import type {
  ApiKeyRecord,
  ApiKeyRepository,
  SessionHolder,
  SessionKind,
  SessionRepository,
  SettingRepository,
} from '../access-repositories';
import { apiKeyFromRow, holderFromRow, type ApiKeyRow, type SessionHolderRow } from '../stored-rows';
import { at, type PgSql } from './pg-sql';

const KEY_COLUMNS = 'id, name, prefix, created_at, last_used_at, revoked_at';

export class PgApiKeys implements ApiKeyRepository {
  constructor(private readonly sql: PgSql) {}

  async insert(record: ApiKeyRecord, keyHash: string): Promise<void> {
    await this.sql.run('INSERT INTO api_keys (id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      record.id,
      record.name,
      record.prefix,
      keyHash,
      at(record.createdAt),
    ]);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = await this.sql.one<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`, [keyHash]);
    return row ? apiKeyFromRow(row) : null;
  }

  async touch(id: string, when: number): Promise<void> {
    await this.sql.run('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [at(when), id]);
  }

  async revoke(id: string, when: number): Promise<boolean> {
    return (
      (await this.sql.run('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [
        at(when),
        id,
      ])) === 1
    );
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.sql.rows<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at DESC`)).map(
      apiKeyFromRow,
    );
  }
}

export class PgSessions implements SessionRepository {
  constructor(private readonly sql: PgSql) {}

  async insert(
    tokenHash: string,
    kind: SessionKind,
    createdAt: number,
    expiresAt: number,
    cashierId: string | null,
  ): Promise<void> {
    await this.sql.run(
      'INSERT INTO console_sessions (token_hash, kind, created_at, expires_at, cashier_id) VALUES ($1, $2, $3, $4, $5)',
      [tokenHash, kind, at(createdAt), at(expiresAt), cashierId],
    );
  }

  async consumeLoginLink(tokenHash: string, now: number): Promise<{ cashierId: string | null } | null> {
    const row = await this.sql.one<{ cashier_id: string | null }>(
      `UPDATE console_sessions SET used_at = $1
      WHERE token_hash = $2 AND kind = 'login_link' AND used_at IS NULL AND expires_at > $1 RETURNING cashier_id`,
      [at(now), tokenHash],
    );
    return row ? { cashierId: row.cashier_id } : null;
  }

  async findLiveSession(tokenHash: string, now: number): Promise<SessionHolder | null> {
    // a revoked cashier's sessions are deleted with the revocation; the join refuses one all the same
    const row = await this.sql.one<SessionHolderRow>(
      `SELECT s.cashier_id, c.name AS cashier_name
      FROM console_sessions s LEFT JOIN cashiers c ON c.id = s.cashier_id
      WHERE s.token_hash = $1 AND s.kind = 'session' AND s.expires_at > $2 AND (s.cashier_id IS NULL OR c.revoked_at IS NULL)`,
      [tokenHash, at(now)],
    );
    return row ? holderFromRow(row) : null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.sql.run('DELETE FROM console_sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteForCashier(cashierId: string): Promise<void> {
    await this.sql.run('DELETE FROM console_sessions WHERE cashier_id = $1', [cashierId]);
  }
}

/** Values are stored as JSON text, as SQLite does, so both ledgers read back exactly what was written. */
export class PgSettings implements SettingRepository {
  constructor(private readonly sql: PgSql) {}

  async get(key: string): Promise<unknown> {
    const row = await this.sql.one<{ value_json: string }>('SELECT value_json FROM settings WHERE key = $1', [key]);
    return row ? (JSON.parse(row.value_json) as unknown) : undefined;
  }

  async set(key: string, value: unknown, when: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO settings (key, value_json, updated_at) VALUES ($1, $2, $3)
      ON CONFLICT (key) DO UPDATE SET value_json = EXCLUDED.value_json, updated_at = EXCLUDED.updated_at`,
      [key, JSON.stringify(value), at(when)],
    );
  }

  async deleteStartingWith(prefix: string): Promise<string[]> {
    const rows = await this.sql.rows<{ key: string }>(
      'DELETE FROM settings WHERE left(key, length($1)) = $1 RETURNING key',
      [prefix],
    );
    return rows.map((row) => row.key);
  }
}
