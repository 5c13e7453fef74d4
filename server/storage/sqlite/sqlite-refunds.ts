import type { AssetCode } from '../../../contract/asset';
import type { Database, Statement } from 'better-sqlite3';
import { refundFiatFromJson, refundFiatToJson } from '../refund-fiat-json';
import type { NewRefund, PaidVolume, RefundRecord, RefundRepository } from '../ledger-repositories';

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
  created_at: bigint;
  updated_at: bigint;
  fiat_json: string | null;
}

const fromRow = (r: RefundRow): RefundRecord => ({
  seq: Number(r.seq),
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
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  fiat: refundFiatFromJson(r.fiat_json),
});

/** Refunds, parameterised; amounts as bigint, query ids (64-bit unsigned) as text. */
export class SqliteRefunds implements RefundRepository {
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly byIdStmt: Statement<[string], RefundRow>;
  private readonly byPaymentStmt: Statement<[string], RefundRow>;
  private readonly byMemoStmt: Statement<[string], RefundRow>;
  private readonly sentByQueryStmt: Statement<[string], RefundRow>;
  private readonly sentVolumeStmt: Statement<
    [{ from: number; to: number; includeTest: number; currency: AssetCode }],
    { v: bigint | null; n: bigint }
  >;

  constructor(db: Database) {
    this.insertStmt =
      db.prepare(`INSERT INTO refunds (id, payment_id, status, amount, destination, memo, reason, tx_hash, query_id,
      created_by, created_at, updated_at, fiat_json) VALUES (@id, @paymentId, @status, @amount, @destination, @memo, @reason, @txHash,
      @queryId, @createdBy, @createdAt, @updatedAt, @fiatJson)`);
    this.updateStmt = db.prepare(
      'UPDATE refunds SET status = @status, tx_hash = @txHash, query_id = @queryId, updated_at = @updatedAt WHERE seq = @seq',
    );
    this.byIdStmt = db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE id = ?').safeIntegers(true);
    this.byPaymentStmt = db
      .prepare<[string], RefundRow>('SELECT * FROM refunds WHERE payment_id = ? ORDER BY seq')
      .safeIntegers(true);
    this.byMemoStmt = db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE memo = ?').safeIntegers(true);
    this.sentByQueryStmt = db
      .prepare<[string], RefundRow>("SELECT * FROM refunds WHERE query_id = ? AND status = 'sent' ORDER BY seq")
      .safeIntegers(true);
    // Refunds are few beside payments, so this scans them; at scale an index on (updated_at) WHERE status = 'sent' makes it a range.
    this.sentVolumeStmt = db
      .prepare<
        [{ from: number; to: number; includeTest: number; currency: AssetCode }],
        { v: bigint | null; n: bigint }
      >(
        // a test payment's refunds leave the figures with it (its row found by primary key)
        `SELECT SUM(r.amount) AS v, COUNT(*) AS n FROM refunds r JOIN payments p ON p.id = r.payment_id
      WHERE r.status = 'sent' AND r.updated_at >= @from AND r.updated_at < @to AND (@includeTest = 1 OR p.test = 0) AND p.currency = @currency`,
      )
      .safeIntegers(true);
  }

  async insert(refund: NewRefund): Promise<RefundRecord> {
    const { fiat = null, ...columns } = refund;
    const result = this.insertStmt.run({
      ...columns,
      queryId: refund.queryId?.toString() ?? null,
      fiatJson: refundFiatToJson(fiat),
    });
    return { ...refund, fiat, seq: Number(result.lastInsertRowid) };
  }

  async update(refund: RefundRecord): Promise<void> {
    const { seq, status, txHash, updatedAt } = refund;
    this.updateStmt.run({ seq, status, txHash, queryId: refund.queryId?.toString() ?? null, updatedAt });
  }

  async findById(id: string): Promise<RefundRecord | null> {
    const row = this.byIdStmt.get(id);
    return row ? fromRow(row) : null;
  }

  async forPayment(paymentId: string): Promise<RefundRecord[]> {
    return this.byPaymentStmt.all(paymentId).map(fromRow);
  }

  async findByMemo(memo: string): Promise<RefundRecord | null> {
    const row = this.byMemoStmt.get(memo);
    return row ? fromRow(row) : null;
  }

  async sentWithQueryId(queryId: bigint): Promise<RefundRecord[]> {
    return this.sentByQueryStmt.all(queryId.toString()).map(fromRow);
  }

  async sentVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    const row = this.sentVolumeStmt.get({ from, to, includeTest: includeTest ? 1 : 0, currency });
    return { amount: row?.v ?? 0n, count: Number(row?.n ?? 0n) };
  }
}
