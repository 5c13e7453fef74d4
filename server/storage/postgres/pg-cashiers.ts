import type { CashierRecord, CashierRepository } from '../access-repositories';
import { CASHIER_COLUMNS, cashierFromRow, type CashierRow } from '../stored-rows';
import { at, type PgSql } from './pg-sql';

export class PgCashiers implements CashierRepository {
  constructor(private readonly sql: PgSql) {}

  /**
   * A live name taken is an answer, not an error: an error would abort the whole serializable
   * transaction, so the clash is left to the partial unique index (cashiers_live_name) and counted.
   */
  async insert(record: CashierRecord, passphraseHash: string | null): Promise<boolean> {
    const inserted = await this.sql.run(
      `INSERT INTO cashiers (id, name, passphrase_hash, created_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (lower(name)) WHERE revoked_at IS NULL DO NOTHING`,
      [record.id, record.name, passphraseHash, at(record.createdAt)],
    );
    return inserted === 1;
  }

  async list(): Promise<CashierRecord[]> {
    // "C": the tie-break compares ids byte by byte, as SQLite does, whatever the database's collation
    const rows = await this.sql.rows<CashierRow>(
      `SELECT ${CASHIER_COLUMNS} FROM cashiers ORDER BY created_at DESC, id COLLATE "C" DESC`,
    );
    return rows.map(cashierFromRow);
  }

  async findLive(id: string): Promise<CashierRecord | null> {
    const row = await this.sql.one<CashierRow>(
      `SELECT ${CASHIER_COLUMNS} FROM cashiers WHERE id = $1 AND revoked_at IS NULL`,
      [id],
    );
    return row ? cashierFromRow(row) : null;
  }

  async passphraseByName(name: string): Promise<{ id: string; passphraseHash: string } | null> {
    const row = await this.sql.one<{ id: string; passphrase_hash: string }>(
      `SELECT id, passphrase_hash FROM cashiers
        WHERE lower(name) = lower($1) AND revoked_at IS NULL AND passphrase_hash IS NOT NULL`,
      [name],
    );
    return row ? { id: row.id, passphraseHash: row.passphrase_hash } : null;
  }

  async anyPassphrase(): Promise<boolean> {
    const row = await this.sql.one<{ one: number }>(
      'SELECT 1 AS one FROM cashiers WHERE revoked_at IS NULL AND passphrase_hash IS NOT NULL LIMIT 1',
    );
    return row !== null;
  }

  async setPassphrase(id: string, passphraseHash: string | null): Promise<boolean> {
    const changed = await this.sql.run(
      'UPDATE cashiers SET passphrase_hash = $1 WHERE id = $2 AND revoked_at IS NULL',
      [passphraseHash, id],
    );
    return changed === 1;
  }

  async touchSignIn(id: string, when: number): Promise<void> {
    await this.sql.run('UPDATE cashiers SET last_sign_in_at = $1 WHERE id = $2', [at(when), id]);
  }

  async revoke(id: string, when: number): Promise<boolean> {
    const changed = await this.sql.run('UPDATE cashiers SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [
      at(when),
      id,
    ]);
    return changed === 1;
  }
}
