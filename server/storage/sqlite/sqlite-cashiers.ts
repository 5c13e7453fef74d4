import type { Database, Statement } from 'better-sqlite3';
import type { CashierRecord, CashierRepository } from '../access-repositories';
import { CASHIER_COLUMNS, cashierFromRow, type CashierRow } from '../stored-rows';

export class SqliteCashiers implements CashierRepository {
  private readonly insertStmt: Statement<[string, string, string | null, number]>;
  private readonly liveNameStmt: Statement<[string], { id: string }>;
  private readonly listStmt: Statement<[], CashierRow>;
  private readonly findLiveStmt: Statement<[string], CashierRow>;
  private readonly passphraseStmt: Statement<[string], { id: string; passphrase_hash: string }>;
  private readonly anyPassphraseStmt: Statement<[], { one: number }>;
  private readonly setPassphraseStmt: Statement<[string | null, string]>;
  private readonly touchStmt: Statement<[number, string]>;
  private readonly revokeStmt: Statement<[number, string]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare('INSERT INTO cashiers (id, name, passphrase_hash, created_at) VALUES (?, ?, ?, ?)');
    this.liveNameStmt = db.prepare('SELECT id FROM cashiers WHERE name = ? COLLATE NOCASE AND revoked_at IS NULL');
    this.listStmt = db.prepare(`SELECT ${CASHIER_COLUMNS} FROM cashiers ORDER BY created_at DESC, id DESC`);
    this.findLiveStmt = db.prepare(`SELECT ${CASHIER_COLUMNS} FROM cashiers WHERE id = ? AND revoked_at IS NULL`);
    this.passphraseStmt = db.prepare(`SELECT id, passphrase_hash FROM cashiers
      WHERE name = ? COLLATE NOCASE AND revoked_at IS NULL AND passphrase_hash IS NOT NULL`);
    this.anyPassphraseStmt = db.prepare(
      'SELECT 1 AS one FROM cashiers WHERE revoked_at IS NULL AND passphrase_hash IS NOT NULL LIMIT 1',
    );
    this.setPassphraseStmt = db.prepare('UPDATE cashiers SET passphrase_hash = ? WHERE id = ? AND revoked_at IS NULL');
    this.touchStmt = db.prepare('UPDATE cashiers SET last_sign_in_at = ? WHERE id = ?');
    this.revokeStmt = db.prepare('UPDATE cashiers SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  }

  async insert(record: CashierRecord, passphraseHash: string | null): Promise<boolean> {
    if (this.liveNameStmt.get(record.name)) return false;
    this.insertStmt.run(record.id, record.name, passphraseHash, record.createdAt);
    return true;
  }

  async list(): Promise<CashierRecord[]> {
    return this.listStmt.all().map(cashierFromRow);
  }

  async findLive(id: string): Promise<CashierRecord | null> {
    const row = this.findLiveStmt.get(id);
    return row ? cashierFromRow(row) : null;
  }

  async passphraseByName(name: string): Promise<{ id: string; passphraseHash: string } | null> {
    const row = this.passphraseStmt.get(name);
    return row ? { id: row.id, passphraseHash: row.passphrase_hash } : null;
  }

  async anyPassphrase(): Promise<boolean> {
    return this.anyPassphraseStmt.get() !== undefined;
  }

  async setPassphrase(id: string, passphraseHash: string | null): Promise<boolean> {
    return this.setPassphraseStmt.run(passphraseHash, id).changes === 1;
  }

  async touchSignIn(id: string, at: number): Promise<void> {
    this.touchStmt.run(at, id);
  }

  async revoke(id: string, at: number): Promise<boolean> {
    return this.revokeStmt.run(at, id).changes === 1;
  }
}
