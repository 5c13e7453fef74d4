import type { AssetCode } from '../../../contract/asset';
import type { NewRefund, PaidVolume, RefundRecord, RefundRepository } from '../ledger-repositories';
import { refundFiatFromJson, refundFiatToJson } from '../refund-fiat-json';
import { at, money, num, type PgSql } from './pg-sql';

interface RefundRow {
  seq: bigint;
  id: string;
  payment_id: string;
  status: RefundRecord['status'];
  amount: bigint;
  destination: string;
  memo: string;
  reason: string | null;
  tx_hash: string | null;
  query_id: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  fiat_json: string | null;
}

const REFUND_COLUMNS = `seq, id, payment_id, status, amount, destination, memo, reason, tx_hash, query_id, created_by, created_at, updated_at, fiat_json`;

const fromRow = (r: RefundRow): RefundRecord => ({
  seq: num(r.seq),
  id: r.id,
  paymentId: r.payment_id,
  status: r.status,
  amount: r.amount,
  destination: r.destination,
  memo: r.memo,
  reason: r.reason,
  txHash: r.tx_hash,
  queryId: r.query_id === null ? null : BigInt(r.query_id),
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  fiat: refundFiatFromJson(r.fiat_json),
});

/** A query id is a uint64, beyond bigint's range: it is kept as decimal text and only compared for equality. */
const queryIdText = (queryId: bigint | null): string | null => queryId?.toString() ?? null;

/** Refunds, parameterised; amounts as bigint, query ids as text. */
export class PgRefunds implements RefundRepository {
  constructor(private readonly sql: PgSql) {}

  async insert(refund: NewRefund): Promise<RefundRecord> {
    const row = await this.sql.one<{ seq: bigint }>(
      `INSERT INTO refunds (id, payment_id, status, amount, destination, memo, reason,
      tx_hash, query_id, created_by, created_at, updated_at, fiat_json)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING seq`,
      [
        refund.id,
        refund.paymentId,
        refund.status,
        refund.amount,
        refund.destination,
        refund.memo,
        refund.reason,
        refund.txHash,
        queryIdText(refund.queryId),
        refund.createdBy,
        at(refund.createdAt),
        at(refund.updatedAt),
        refundFiatToJson(refund.fiat),
      ],
    );
    return { ...refund, fiat: refund.fiat ?? null, seq: num(row!.seq) };
  }

  async update(refund: RefundRecord): Promise<void> {
    await this.sql.run('UPDATE refunds SET status = $2, tx_hash = $3, query_id = $4, updated_at = $5 WHERE seq = $1', [
      refund.seq,
      refund.status,
      refund.txHash,
      queryIdText(refund.queryId),
      at(refund.updatedAt),
    ]);
  }

  async findById(id: string): Promise<RefundRecord | null> {
    const row = await this.sql.one<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1`, [id]);
    return row ? fromRow(row) : null;
  }

  async forPayment(paymentId: string): Promise<RefundRecord[]> {
    const rows = await this.sql.rows<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE payment_id = $1 ORDER BY seq`,
      [paymentId],
    );
    return rows.map(fromRow);
  }

  async findByMemo(memo: string): Promise<RefundRecord | null> {
    const row = await this.sql.one<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE memo = $1`, [memo]);
    return row ? fromRow(row) : null;
  }

  async sentWithQueryId(queryId: bigint): Promise<RefundRecord[]> {
    const rows = await this.sql.rows<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE query_id = $1 AND status = 'sent' ORDER BY seq`,
      [queryId.toString()],
    );
    return rows.map(fromRow);
  }

  async sentVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    // Refunds are few beside payments, so this scans them, as SQLite's does; a test payment's leave with it.
    const row = await this.sql.one<{ v: string | null; n: bigint }>(
      `SELECT sum(r.amount) AS v, count(*) AS n FROM refunds r JOIN payments p ON p.id = r.payment_id
      WHERE r.status = 'sent' AND r.updated_at >= $1 AND r.updated_at < $2 AND ($3 OR p.test = 0) AND p.currency = $4`,
      [at(from), at(to), includeTest, currency],
    );
    return { amount: money(row?.v), count: num(row?.n ?? 0n) };
  }
}
