import type { TxCursor } from '../../chain/types';
import type { CreditedTransfer } from '../records';
import type { NewDecisionRecord, TransferDecisionRecord, TransferDecisionAction, TransferRecord } from '../records';
import type { TransferStatus } from '../../../contract/chain';
import type { NewTransfer, TransferRepository } from '../ledger-repositories';
import { creditedFromRow, decisionFromRow, transferFromRow, type DecisionRow, type TransferRow } from '../stored-rows';
import { at, num, type PgSql } from './pg-sql';

const TRANSFER_COLUMNS =
  'asset, tx_hash, lt, utime, amount, from_address, comment, payment_id, status, resolution, created_at, resolved_at';

// Decisions keep no lt of their own here (the hash is the transfers' key): the transfer supplies it.
const DECISION_SELECT = `SELECT d.seq, t.lt AS tx_lt, d.tx_hash, d.action, d.payment_id, d.note, d.actor, d.at
  FROM transfer_decisions d JOIN transfers t ON t.tx_hash = d.tx_hash`;

// One statement per batch whatever its size (up to the watcher's 5,000 rows): one array parameter per
// column keeps it far below the 65,535-parameter limit and lets the connection prepare it once.
const INSERT_MANY = `INSERT INTO transfers (tx_hash, lt, utime, amount, from_address, comment, payment_id, status, created_at,
    asset)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[],
    $9::timestamptz[], $10::text[])
  ON CONFLICT (tx_hash) DO NOTHING`;

/** Every inbound transfer the watcher reported, and the watcher's cursor: both move in one transaction. */
export class PgTransfers implements TransferRepository {
  constructor(private readonly sql: PgSql) {}

  /** ON CONFLICT DO NOTHING + rowCount is the exactly-once gate, across every instance. */
  async insertMany(rows: readonly NewTransfer[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.sql.run(INSERT_MANY, [
      rows.map((r) => r.transfer.txHash),
      rows.map((r) => r.transfer.lt),
      rows.map((r) => r.transfer.utime),
      rows.map((r) => r.transfer.amount),
      rows.map((r) => r.transfer.from),
      rows.map((r) => r.transfer.comment),
      rows.map((r) => r.paymentId),
      rows.map((r) => r.status),
      rows.map((r) => at(r.createdAt)),
      rows.map((r) => r.transfer.asset),
    ]);
  }

  async hashesBetween(fromLt: bigint, toLt: bigint): Promise<string[]> {
    const rows = await this.sql.rows<{ tx_hash: string }>(
      'SELECT tx_hash FROM transfers WHERE lt BETWEEN $1 AND $2 ORDER BY lt',
      [fromLt, toLt],
    );
    return rows.map((r) => r.tx_hash);
  }

  async creditedTo(paymentId: string): Promise<CreditedTransfer[]> {
    const rows = await this.sql.rows<TransferRow>(
      `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE payment_id = $1 AND status = 'credited' ORDER BY lt, tx_hash COLLATE "C"`,
      [paymentId],
    );
    return rows.map(creditedFromRow);
  }

  /** The hash is the key; `lt`, when given, must match too (SQLite looks up by position). */
  async find(txHash: string, lt?: bigint): Promise<TransferRecord | null> {
    const row =
      lt !== undefined
        ? await this.sql.one<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE tx_hash = $1 AND lt = $2`, [
            txHash,
            lt,
          ])
        : await this.sql.one<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE tx_hash = $1`, [txHash]);
    return row ? transferFromRow(row) : null;
  }

  async withStatus(status: TransferStatus, limit: number): Promise<TransferRecord[]> {
    const rows = await this.sql.rows<TransferRow>(
      `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE status = $1 ORDER BY lt DESC, tx_hash COLLATE "C" DESC LIMIT $2`,
      [status, limit],
    );
    return rows.map(transferFromRow);
  }

  async countWithStatus(status: TransferStatus): Promise<number> {
    const row = await this.sql.one<{ n: bigint }>('SELECT count(*) AS n FROM transfers WHERE status = $1', [status]);
    return num(row?.n ?? 0n);
  }

  async resolve(
    txHash: string,
    status: 'credited' | 'dismissed',
    paymentId: string | null,
    resolution: string,
    when: number,
  ): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE transfers SET status = $2, payment_id = $3, resolution = $4, resolved_at = $5 WHERE tx_hash = $1 AND status = 'unmatched'`,
      [txHash, status, paymentId, resolution, at(when)],
    );
    return changed === 1;
  }

  async decisions(action: TransferDecisionAction | undefined, limit: number): Promise<TransferDecisionRecord[]> {
    const rows = action
      ? await this.sql.rows<DecisionRow>(`${DECISION_SELECT} WHERE d.action = $1 ORDER BY d.seq DESC LIMIT $2`, [
          action,
          limit,
        ])
      : await this.sql.rows<DecisionRow>(`${DECISION_SELECT} ORDER BY d.seq DESC LIMIT $1`, [limit]);
    return rows.map(decisionFromRow);
  }

  async lastDecision(txHash: string): Promise<TransferDecisionRecord | null> {
    const row = await this.sql.one<DecisionRow>(`${DECISION_SELECT} WHERE d.tx_hash = $1 ORDER BY d.seq DESC LIMIT 1`, [
      txHash,
    ]);
    return row ? decisionFromRow(row) : null;
  }

  async recordDecision(d: NewDecisionRecord): Promise<TransferDecisionRecord> {
    const row = await this.sql.one<{ seq: bigint }>(
      `INSERT INTO transfer_decisions (tx_hash, action, payment_id, note, actor, at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq`,
      [d.txHash, d.action, d.paymentId, d.note, d.actor, at(d.at)],
    );
    return { ...d, seq: num(row!.seq) };
  }

  async reopen(txHash: string): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE transfers SET status = 'unmatched', payment_id = NULL, resolution = NULL, resolved_at = NULL
        WHERE tx_hash = $1 AND status = 'dismissed'`,
      [txHash],
    );
    return changed === 1;
  }

  async cursor(account: string): Promise<TxCursor | null> {
    const row = await this.sql.one<{ lt: bigint; hash: string }>(
      'SELECT lt, hash FROM watcher_cursor WHERE account = $1',
      [account],
    );
    return row ? { lt: row.lt, hash: row.hash } : null;
  }

  async saveCursor(account: string, cursor: TxCursor, when: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO watcher_cursor (account, lt, hash, updated_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (account) DO UPDATE SET lt = excluded.lt, hash = excluded.hash, updated_at = excluded.updated_at`,
      [account, cursor.lt, cursor.hash, at(when)],
    );
  }
}
