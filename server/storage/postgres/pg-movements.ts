import type { AssetCode } from '../../../contract/asset';
import type { WalletMovement } from '../../chain/types';
import type { MovementRepository, ReconciliationRecord } from '../ledger-repositories';
import { at, money, num, type PgSql } from './pg-sql';

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
  checked_at: number;
}

const MOVEMENT_COLUMNS = 'asset, tx_hash, lt, utime, kind, amount, counterparty, initiator, comment, query_id';

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
  seq: num(r.seq),
  account: r.account,
  atLt: r.at_lt,
  onChainBalance: r.on_chain_balance,
  ledgerBalance: r.ledger_balance,
  difference: r.difference,
  checkedAt: r.checked_at,
});

// Inbound transfers count whatever their status: unmatched or dismissed money is still in the wallet.
// The sums are numeric (no bigint overflow midway); they come back as text, or null when nothing matched.
// Only the account's own asset: each asset's transfers arrive on another account, with lts of its own.
const BALANCE = `SELECT
  (SELECT sum(amount) FROM transfers WHERE asset = $3 AND lt <= $2) AS inbound,
  (SELECT sum(CASE kind WHEN 'returned' THEN amount ELSE -amount END) FROM wallet_movements
    WHERE account = $1 AND asset = $3 AND lt <= $2) AS moved`;

/** The jetton wallet's sends and bounces, and the books' verdicts. */
export class PgMovements implements MovementRepository {
  constructor(private readonly sql: PgSql) {}

  async find(txHash: string): Promise<WalletMovement | null> {
    const row = await this.sql.one<MovementRow>(`SELECT ${MOVEMENT_COLUMNS} FROM wallet_movements WHERE tx_hash = $1`, [
      txHash,
    ]);
    return row ? movementFromRow(row) : null;
  }

  async list(account: string, limit: number): Promise<WalletMovement[]> {
    const rows = await this.sql.rows<MovementRow>(
      `SELECT ${MOVEMENT_COLUMNS} FROM wallet_movements WHERE account = $1 ORDER BY lt DESC LIMIT $2`,
      [account, limit],
    );
    return rows.map(movementFromRow);
  }

  async bookBalance(account: string, asset: AssetCode, atLt: bigint): Promise<bigint> {
    const row = await this.sql.one<{ inbound: string | null; moved: string | null }>(BALANCE, [account, atLt, asset]);
    return money(row?.inbound) + money(row?.moved);
  }

  async received(asset: AssetCode, fromLt: bigint, atLt: bigint): Promise<bigint> {
    const row = await this.sql.one<{ received: string | null }>(
      'SELECT sum(amount) AS received FROM transfers WHERE asset = $1 AND lt BETWEEN $2 AND $3',
      [asset, fromLt, atLt],
    );
    return money(row?.received);
  }

  async lastReconciliation(account: string): Promise<ReconciliationRecord | null> {
    const row = await this.sql.one<ReconciliationRow>(
      `SELECT seq, account, at_lt, on_chain_balance, ledger_balance, difference, checked_at FROM reconciliations
        WHERE account = $1 ORDER BY seq DESC LIMIT 1`,
      [account],
    );
    return row ? reconciliationFromRow(row) : null;
  }

  async insert(account: string, m: WalletMovement, createdAt: number): Promise<boolean> {
    const changed = await this.sql.run(
      `INSERT INTO wallet_movements (tx_hash, account, lt, utime, kind, amount, counterparty, initiator, comment, query_id, created_at, asset)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (tx_hash) DO NOTHING`,
      [
        m.txHash,
        account,
        m.lt,
        m.utime,
        m.kind,
        m.amount,
        m.counterparty,
        m.initiator,
        m.comment,
        m.queryId.toString(),
        at(createdAt),
        m.asset,
      ],
    );
    return changed === 1;
  }

  async recordReconciliation(record: Omit<ReconciliationRecord, 'seq'>): Promise<ReconciliationRecord> {
    const row = await this.sql.one<{ seq: bigint }>(
      `INSERT INTO reconciliations (account, at_lt, on_chain_balance, ledger_balance, difference, checked_at)
        VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq`,
      [
        record.account,
        record.atLt,
        record.onChainBalance,
        record.ledgerBalance,
        record.difference,
        at(record.checkedAt),
      ],
    );
    return { ...record, seq: num(row!.seq) };
  }
}
