import type { AssetCode } from '../../../contract/asset';
import type { Database, Statement } from 'better-sqlite3';
import type { WalletMovement } from '../../chain/types';
import type { MovementRepository, ReconciliationRecord } from '../ledger-repositories';

interface MovementRow {
  asset: AssetCode;
  tx_hash: string;
  lt: bigint;
  utime: bigint;
  kind: WalletMovement['kind'];
  amount: bigint;
  counterparty: string | null;
  initiator: string | null;
  comment: string | null;
  query_id: string;
}

interface ReconciliationRow {
  seq: bigint;
  account: string;
  at_lt: bigint;
  on_chain_balance: bigint;
  ledger_balance: bigint;
  difference: bigint;
  checked_at: bigint;
}

const movementFromRow = (r: MovementRow): WalletMovement => ({
  asset: r.asset,
  txHash: r.tx_hash,
  lt: r.lt,
  utime: Number(r.utime),
  kind: r.kind,
  amount: r.amount,
  counterparty: r.counterparty,
  initiator: r.initiator,
  comment: r.comment,
  queryId: BigInt(r.query_id),
});

const reconciliationFromRow = (r: ReconciliationRow): ReconciliationRecord => ({
  seq: Number(r.seq),
  account: r.account,
  atLt: r.at_lt,
  onChainBalance: r.on_chain_balance,
  ledgerBalance: r.ledger_balance,
  difference: r.difference,
  checkedAt: Number(r.checked_at),
});

/** The jetton wallet's sends and bounces, and the books' verdicts. */
export class SqliteMovements implements MovementRepository {
  private readonly insertStmt: Statement;
  private readonly byHashStmt: Statement<[string], MovementRow>;
  private readonly listStmt: Statement<[string, number], MovementRow>;
  private readonly balanceStmt: Statement<
    { account: string; asset: AssetCode; atLt: bigint },
    { inbound: bigint | null; moved: bigint | null }
  >;
  private readonly receivedStmt: Statement<
    { asset: AssetCode; fromLt: bigint; atLt: bigint },
    { received: bigint | null }
  >;
  private readonly insertVerdictStmt: Statement;
  private readonly lastVerdictStmt: Statement<[string], ReconciliationRow>;

  constructor(db: Database) {
    const safe = <S extends Statement>(s: S): S => s.safeIntegers(true) as S;
    this.insertStmt =
      db.prepare(`INSERT OR IGNORE INTO wallet_movements (tx_hash, account, lt, utime, kind, amount, counterparty,
      initiator, comment, query_id, created_at, asset) VALUES (@txHash, @account, @lt, @utime, @kind, @amount, @counterparty,
      @initiator, @comment, @queryId, @createdAt, @asset)`);
    this.byHashStmt = safe(db.prepare('SELECT * FROM wallet_movements WHERE tx_hash = ?'));
    this.listStmt = safe(db.prepare('SELECT * FROM wallet_movements WHERE account = ? ORDER BY lt DESC LIMIT ?'));
    // Inbound transfers count whatever their status: unmatched or dismissed money is still in the wallet.
    // Only the account's own asset: each asset's transfers arrive on another account, with lts of its own.
    this.balanceStmt = safe(
      db.prepare(`SELECT
      (SELECT SUM(amount) FROM transfers WHERE asset = @asset AND lt <= @atLt) AS inbound,
      (SELECT SUM(CASE kind WHEN 'returned' THEN amount ELSE -amount END) FROM wallet_movements
        WHERE account = @account AND asset = @asset AND lt <= @atLt) AS moved`),
    );
    this.receivedStmt = safe(
      db.prepare('SELECT SUM(amount) AS received FROM transfers WHERE asset = @asset AND lt BETWEEN @fromLt AND @atLt'),
    );
    this.insertVerdictStmt =
      db.prepare(`INSERT INTO reconciliations (account, at_lt, on_chain_balance, ledger_balance, difference,
      checked_at) VALUES (@account, @atLt, @onChainBalance, @ledgerBalance, @difference, @checkedAt)`);
    this.lastVerdictStmt = safe(
      db.prepare('SELECT * FROM reconciliations WHERE account = ? ORDER BY seq DESC LIMIT 1'),
    );
  }

  async find(txHash: string): Promise<WalletMovement | null> {
    const row = this.byHashStmt.get(txHash);
    return row ? movementFromRow(row) : null;
  }

  async list(account: string, limit: number): Promise<WalletMovement[]> {
    return this.listStmt.all(account, limit).map(movementFromRow);
  }

  async bookBalance(account: string, asset: AssetCode, atLt: bigint): Promise<bigint> {
    const row = this.balanceStmt.get({ account, asset, atLt });
    return (row?.inbound ?? 0n) + (row?.moved ?? 0n);
  }

  async received(asset: AssetCode, fromLt: bigint, atLt: bigint): Promise<bigint> {
    return this.receivedStmt.get({ asset, fromLt, atLt })?.received ?? 0n;
  }

  async lastReconciliation(account: string): Promise<ReconciliationRecord | null> {
    const row = this.lastVerdictStmt.get(account);
    return row ? reconciliationFromRow(row) : null;
  }

  async insert(account: string, m: WalletMovement, createdAt: number): Promise<boolean> {
    const { txHash, lt, utime, kind, amount, counterparty, initiator, comment } = m;
    return (
      this.insertStmt.run({
        txHash,
        account,
        lt,
        utime,
        kind,
        amount,
        counterparty,
        initiator,
        comment,
        queryId: m.queryId.toString(),
        createdAt,
        asset: m.asset,
      }).changes === 1
    );
  }

  async recordReconciliation(record: Omit<ReconciliationRecord, 'seq'>): Promise<ReconciliationRecord> {
    const { lastInsertRowid } = this.insertVerdictStmt.run(record);
    return { ...record, seq: Number(lastInsertRowid) };
  }
}
