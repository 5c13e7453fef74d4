import type { Database, Statement } from 'better-sqlite3';
import type { TxCursor } from '../../chain/types';
import type { CreditedTransfer } from '../records';
import type { NewDecisionRecord, TransferDecisionRecord, TransferDecisionAction, TransferRecord } from '../records';
import type { TransferStatus } from '../../../contract/chain';
import type { NewTransfer, TransferRepository } from '../ledger-repositories';
import { creditedFromRow, decisionFromRow, transferFromRow, type DecisionRow, type TransferRow } from '../stored-rows';

const INSERT_CHUNK = 64;

/** Every inbound transfer the watcher reported, and the watcher's cursor: both move in one transaction. */
export class SqliteTransfers implements TransferRepository {
  private readonly insertStatements = new Map<number, Statement>();
  private readonly betweenStmt: Statement<[bigint, bigint], { tx_hash: string }>;
  private readonly forPaymentStmt: Statement<[string], TransferRow>;
  private readonly byPositionStmt: Statement<[bigint, string], TransferRow>;
  private readonly openByHashStmt: Statement<[string], TransferRow>;
  private readonly anyByHashStmt: Statement<[string], TransferRow>;
  private readonly byStatusStmt: Statement<[TransferStatus, number], TransferRow>;
  private readonly countStmt: Statement<[TransferStatus], { n: bigint }>;
  private readonly resolveStmt: Statement;
  private readonly cursorGetStmt: Statement<[string], { lt: bigint; hash: string }>;
  private readonly cursorSetStmt: Statement;
  private readonly reopenStmt: Statement;
  private readonly insertDecisionStmt: Statement;
  private readonly decisionsStmt: Statement<[number], DecisionRow>;
  private readonly decisionsByActionStmt: Statement<[TransferDecisionAction, number], DecisionRow>;
  private readonly lastDecisionStmt: Statement<[string], DecisionRow>;

  constructor(private readonly db: Database) {
    const safe = <S extends Statement>(s: S): S => s.safeIntegers(true) as S;
    this.betweenStmt = db.prepare<[bigint, bigint], { tx_hash: string }>(
      'SELECT tx_hash FROM transfers WHERE lt BETWEEN ? AND ?',
    );
    this.forPaymentStmt = safe(
      db.prepare(`SELECT * FROM transfers WHERE payment_id = ? AND status = 'credited' ORDER BY lt`),
    );
    this.byPositionStmt = safe(db.prepare('SELECT * FROM transfers WHERE lt = ? AND tx_hash = ?'));
    // `status <> 'credited'` is the partial index's own condition: SQLite uses the index only when it sees it
    this.openByHashStmt = safe(db.prepare(`SELECT * FROM transfers WHERE tx_hash = ? AND status <> 'credited'`));
    this.anyByHashStmt = safe(db.prepare('SELECT * FROM transfers WHERE tx_hash = ?'));
    this.byStatusStmt = safe(db.prepare('SELECT * FROM transfers WHERE status = ? ORDER BY lt DESC LIMIT ?'));
    this.countStmt = safe(db.prepare('SELECT COUNT(*) AS n FROM transfers WHERE status = ?'));
    this.resolveStmt =
      db.prepare(`UPDATE transfers SET status = @status, payment_id = @paymentId, resolution = @resolution,
      resolved_at = @resolvedAt WHERE tx_hash = @txHash AND status = 'unmatched' AND status <> 'credited'`);
    this.cursorGetStmt = safe(db.prepare('SELECT lt, hash FROM watcher_cursor WHERE account = ?'));
    this.cursorSetStmt = db.prepare(`INSERT INTO watcher_cursor (account, lt, hash, updated_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (account) DO UPDATE SET lt = excluded.lt, hash = excluded.hash, updated_at = excluded.updated_at`);
    this.reopenStmt =
      db.prepare(`UPDATE transfers SET status = 'unmatched', payment_id = NULL, resolution = NULL, resolved_at = NULL
      WHERE tx_hash = ? AND status = 'dismissed' AND status <> 'credited'`);
    this.insertDecisionStmt =
      db.prepare(`INSERT INTO transfer_decisions (tx_lt, tx_hash, action, payment_id, note, actor, at)
      VALUES (@txLt, @txHash, @action, @paymentId, @note, @actor, @at)`);
    this.decisionsStmt = safe(db.prepare('SELECT * FROM transfer_decisions ORDER BY seq DESC LIMIT ?'));
    this.decisionsByActionStmt = safe(
      db.prepare('SELECT * FROM transfer_decisions WHERE action = ? ORDER BY seq DESC LIMIT ?'),
    );
    this.lastDecisionStmt = safe(
      db.prepare('SELECT * FROM transfer_decisions WHERE tx_hash = ? ORDER BY seq DESC LIMIT 1'),
    );
  }

  /** Multi-row inserts: a statement per 64 rows instead of per row. OR IGNORE + changes() is the exactly-once gate. */
  async insertMany(rows: readonly NewTransfer[]): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      const values: unknown[] = [];
      for (const { transfer: t, paymentId, status, createdAt } of chunk) {
        values.push(t.txHash, t.lt, t.utime, t.amount, t.from, t.comment, paymentId, status, createdAt, t.asset);
      }
      inserted += this.insertStatement(chunk.length).run(values).changes;
    }
    return inserted;
  }

  async hashesBetween(fromLt: bigint, toLt: bigint): Promise<string[]> {
    return this.betweenStmt.all(fromLt, toLt).map((r) => r.tx_hash);
  }

  private insertStatement(rows: number): Statement {
    let stmt = this.insertStatements.get(rows);
    if (!stmt) {
      stmt = this.db
        .prepare(`INSERT OR IGNORE INTO transfers (tx_hash, lt, utime, amount, from_address, comment, payment_id, status,
        created_at, asset) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`);
      this.insertStatements.set(rows, stmt);
    }
    return stmt;
  }

  async creditedTo(paymentId: string): Promise<CreditedTransfer[]> {
    return this.forPaymentStmt.all(paymentId).map(creditedFromRow);
  }

  async find(txHash: string, lt?: bigint): Promise<TransferRecord | null> {
    const row =
      lt !== undefined
        ? this.byPositionStmt.get(lt, txHash)
        : (this.openByHashStmt.get(txHash) ?? this.anyByHashStmt.get(txHash));
    return row ? transferFromRow(row) : null;
  }

  async withStatus(status: TransferStatus, limit: number): Promise<TransferRecord[]> {
    return this.byStatusStmt.all(status, limit).map(transferFromRow);
  }

  async countWithStatus(status: TransferStatus): Promise<number> {
    return Number(this.countStmt.get(status)?.n ?? 0n);
  }

  async resolve(
    txHash: string,
    status: 'credited' | 'dismissed',
    paymentId: string | null,
    resolution: string,
    at: number,
  ): Promise<boolean> {
    return this.resolveStmt.run({ txHash, status, paymentId, resolution, resolvedAt: at }).changes === 1;
  }

  async decisions(action: TransferDecisionAction | undefined, limit: number): Promise<TransferDecisionRecord[]> {
    const rows = action ? this.decisionsByActionStmt.all(action, limit) : this.decisionsStmt.all(limit);
    return rows.map(decisionFromRow);
  }

  async lastDecision(txHash: string): Promise<TransferDecisionRecord | null> {
    const row = this.lastDecisionStmt.get(txHash);
    return row ? decisionFromRow(row) : null;
  }

  async recordDecision(d: NewDecisionRecord): Promise<TransferDecisionRecord> {
    const result = this.insertDecisionStmt.run(d);
    return { ...d, seq: Number(result.lastInsertRowid) };
  }

  async reopen(txHash: string): Promise<boolean> {
    return this.reopenStmt.run(txHash).changes === 1;
  }

  async cursor(account: string): Promise<TxCursor | null> {
    const row = this.cursorGetStmt.get(account);
    return row ? { lt: row.lt, hash: row.hash } : null;
  }

  async saveCursor(account: string, cursor: TxCursor, at: number): Promise<void> {
    this.cursorSetStmt.run(account, cursor.lt, cursor.hash, at);
  }
}
