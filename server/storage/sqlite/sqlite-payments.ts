import type { Database, Statement } from 'better-sqlite3';
import type { AssetCode } from '../../../contract/asset';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../contract/payments';
import type { NewPayment, Payment, PaymentStateChange } from '../records';
import { pricingToJson, quotedInPattern } from '../pricing-json';
import type {
  CloseOfDayFigures,
  PaidVolume,
  PaymentFilter,
  PaymentRepository,
  PaymentSearch,
} from '../ledger-repositories';
import { PaymentListQueries } from './sqlite-payment-list';
import { figureScope, fromRow, PAYMENT_COLUMNS, rows, toJson, type PaymentRow } from './sqlite-payment-row';
import { PaymentSearchIndex } from './sqlite-payment-search';
import { StatementCache } from './statement-cache';

const DAY_MS = 86_400_000;
/** A payment expires at most 7 days after it was created (expiresInSeconds and defaultExpirySeconds both stop there). */
const LONGEST_EXPIRY_MS = 7 * DAY_MS;
type DueQuery = { due: bigint; expiredSince: number; limit: number; currency: AssetCode | null };

/** All SQL about payments, parameterised; INTEGERs come back as bigint so money never passes through a float. */
export class SqlitePayments implements PaymentRepository {
  private readonly insertStmt: Statement;
  private readonly byIdStmt: Statement<[string], PaymentRow>;
  private readonly byExternalIdStmt: Statement<[string], PaymentRow>;
  private readonly byMemoStmt: Statement<[string], PaymentRow>;
  private readonly firstCreatedStmt: Statement<[string, string], { first: number | bigint | null }>;
  private readonly byMemosStmt: Statement<[string], PaymentRow>;
  private readonly updateStateStmt: Statement;
  private readonly setRefundedStmt: Statement;
  private readonly dueForExpiryStmt: Statement<[number, number], PaymentRow>;
  private readonly withDueStmt: Statement<[DueQuery], PaymentRow>;
  /** list and search build their WHERE from the filters given: a handful of shapes, each prepared once */
  private readonly byShape: StatementCache;
  /** the trigram index, written after the fact in chunks (SqliteStorage drives it between batches) */
  readonly searchIndex: PaymentSearchIndex;
  private readonly listQueries: PaymentListQueries;

  constructor(db: Database) {
    this.byShape = new StatementCache(db, true);
    this.searchIndex = new PaymentSearchIndex(db);
    this.listQueries = new PaymentListQueries(this.byShape, this.searchIndex);
    this.insertStmt =
      db.prepare(`INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount, refunded_amount,
      currency, main_currency, external_id, request_hash, memo, address, description, customer_json, callback_url,
      success_url, fail_url, metadata_json, allowed_origins_json, late, expires_at, paid_at, created_at, updated_at,
      pricing_json, tolerance_bps)
      VALUES (@id, @kind, @status, @amount, @paidAmount, @overpaidAmount, @refundedAmount, @currency, @mainCurrency, @externalId,
      @requestHash, @memo, @address, @description, @customer, @callbackUrl, @successUrl, @failUrl, @metadata,
      @allowedOrigins, @late, @expiresAt, @paidAt, @createdAt, @updatedAt, @pricingJson, @toleranceBps)`);
    this.byIdStmt = rows(db.prepare<[string]>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?`));
    this.byExternalIdStmt = rows(db.prepare<[string]>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE external_id = ?`));
    this.byMemoStmt = rows(db.prepare<[string]>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE memo = ?`));
    // a fiat price quoted in the asset may be paid in it too
    this.firstCreatedStmt = db.prepare(
      'SELECT MIN(created_at) AS first FROM payments WHERE currency = ? OR pricing_json LIKE ?',
    );
    // one statement for a whole batch of transfers: each value is still a lookup on the memo index
    this.byMemosStmt = rows(
      db.prepare<[string]>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE memo IN (SELECT value FROM json_each(?))`),
    );
    this.updateStateStmt = db.prepare(`UPDATE payments SET status = @status, paid_amount = @paidAmount,
      overpaid_amount = @overpaidAmount, late = @late, paid_at = @paidAt, updated_at = @updatedAt WHERE seq = @seq`);
    this.setRefundedStmt = db.prepare(
      'UPDATE payments SET refunded_amount = @refundedAmount, updated_at = @updatedAt WHERE seq = @seq',
    );
    this.dueForExpiryStmt = rows(
      db.prepare<[number, number]>(`SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE status IN ('pending', 'partially_paid') AND expires_at <= ? ORDER BY expires_at LIMIT ?`),
    );
    // The WHERE repeats payments_due_amount's expression and states, so the lookup is one index range.
    this.withDueStmt = rows(
      db.prepare<[DueQuery]>(`SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE amount - paid_amount = @due AND status IN ('pending', 'partially_paid', 'expired')
      AND (status <> 'expired' OR expires_at >= @expiredSince) AND (@currency IS NULL OR currency = @currency) LIMIT @limit`),
    );
  }

  async insert(p: NewPayment): Promise<Payment> {
    const result = this.insertStmt.run({
      ...p,
      customer: toJson(p.customer),
      metadata: toJson(p.metadata),
      allowedOrigins: toJson(p.allowedOrigins),
      late: p.late ? 1 : 0,
      pricing: undefined,
      pricingJson: pricingToJson(p.pricing),
    });
    this.searchIndex.noteInsert();
    return { ...p, seq: Number(result.lastInsertRowid), test: false, tip: 0n };
  }

  async updateState(p: PaymentStateChange): Promise<void> {
    const { seq, status, paidAmount, overpaidAmount, paidAt, updatedAt } = p;
    this.updateStateStmt.run({ seq, status, paidAmount, overpaidAmount, late: p.late ? 1 : 0, paidAt, updatedAt });
  }

  async setRefunded({
    seq,
    refundedAmount,
    updatedAt,
  }: Pick<Payment, 'seq' | 'refundedAmount' | 'updatedAt'>): Promise<void> {
    this.setRefundedStmt.run({ seq, refundedAmount, updatedAt });
  }

  async findById(id: string): Promise<Payment | null> {
    const row = this.byIdStmt.get(id);
    return row ? fromRow(row) : null;
  }

  async findByExternalId(externalId: string): Promise<Payment | null> {
    const row = this.byExternalIdStmt.get(externalId);
    return row ? fromRow(row) : null;
  }

  async findByMemos(memos: readonly string[]): Promise<Payment[]> {
    return memos.length === 0 ? [] : this.byMemosStmt.all(JSON.stringify(memos)).map(fromRow);
  }

  async firstCreatedAt(currency: AssetCode): Promise<number | null> {
    const first = this.firstCreatedStmt.get(currency, quotedInPattern(currency))?.first ?? null;
    return first === null ? null : Number(first);
  }

  async findByMemo(memo: string): Promise<Payment | null> {
    const row = this.byMemoStmt.get(memo);
    return row ? fromRow(row) : null;
  }

  async dueForExpiry(now: number, limit: number): Promise<Payment[]> {
    return this.dueForExpiryStmt.all(now, limit).map(fromRow);
  }

  async list(filter: PaymentFilter): Promise<Payment[]> {
    return this.listQueries.list(filter);
  }

  async search(filter: PaymentSearch): Promise<Payment[]> {
    return this.listQueries.search(filter);
  }

  async withDueAmount(due: bigint, expiredSince: number, limit: number, currency?: AssetCode): Promise<Payment[]> {
    return this.withDueStmt.all({ due, expiredSince, limit, currency: currency ?? null }).map(fromRow);
  }

  async countByStatus(includeTest = false): Promise<Record<PaymentStatus, number>> {
    const counts = Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, 0])) as Record<PaymentStatus, number>;
    const count = this.byShape.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM payments WHERE status = @status');
    const tests = this.byShape.get<{ n: bigint }>(
      'SELECT COUNT(*) AS n FROM payments WHERE status = @status AND test = 1',
    );
    // Indexed counts per status (a GROUP BY, or a look at each row's flag, would read the whole table);
    // the test payments, few, come off through the partial index payments_test.
    for (const status of PAYMENT_STATUSES) {
      const all = count.get({ status })?.n ?? 0n;
      counts[status] = Number(includeTest ? all : all - (tests.get({ status })?.n ?? 0n));
    }
    return counts;
  }

  async paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    const row = this.byShape
      .get<{ v: bigint | null; n: bigint }>(
        `SELECT SUM(paid_amount) AS v, COUNT(*) AS n FROM payments WHERE paid_at >= @from AND paid_at < @to${figureScope(includeTest, currency)}`,
      )
      .get({ from, to });
    return { amount: row?.v ?? 0n, count: Number(row?.n ?? 0n) };
  }

  async dailyPaidVolume(
    origin: number,
    days: number,
    includeTest: boolean,
    currency: AssetCode,
  ): Promise<PaidVolume[]> {
    const rows = this.byShape
      .get<{ d: bigint; v: bigint; n: bigint }>(
        `SELECT CAST((paid_at - @origin) / ${DAY_MS} AS INTEGER) AS d,
      SUM(paid_amount) AS v, COUNT(*) AS n FROM payments WHERE paid_at >= @origin AND paid_at < @end${figureScope(includeTest, currency)} GROUP BY d`,
      )
      .all({ origin, end: origin + days * DAY_MS });
    const buckets: PaidVolume[] = Array.from({ length: days }, () => ({ amount: 0n, count: 0 }));
    for (const r of rows) {
      const bucket = buckets[Number(r.d)];
      if (bucket) Object.assign(bucket, { amount: r.v, count: Number(r.n) });
    }
    return buckets;
  }

  async markTest(paymentId: string): Promise<void> {
    this.byShape.get('UPDATE payments SET test = 1 WHERE id = @paymentId').run({ paymentId });
  }

  async recordTip(paymentId: string, tip: bigint): Promise<void> {
    // bound as its decimal text, exact at any size: the INTEGER column's affinity stores it as an integer
    this.byShape.get('UPDATE payments SET tip = @tip WHERE id = @paymentId').run({ paymentId, tip: tip.toString() });
  }

  async switchAsset(p: Pick<Payment, 'seq' | 'currency' | 'amount' | 'updatedAt'>): Promise<void> {
    this.byShape
      .get('UPDATE payments SET currency = @currency, amount = @amount, updated_at = @updatedAt WHERE seq = @seq')
      .run({ seq: p.seq, currency: p.currency, amount: p.amount.toString(), updatedAt: p.updatedAt });
  }

  /** Three indexed reads: paid_at's index for what completed, created_at's for the rest. */
  async closeOfDay(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<CloseOfDayFigures> {
    const real = figureScope(includeTest, currency);
    const volume = (row: { v: bigint | null; n: bigint } | undefined): PaidVolume => ({
      amount: row?.v ?? 0n,
      count: Number(row?.n ?? 0n),
    });
    const completed = this.byShape
      .get<{ over: bigint; v: bigint; n: bigint; x: bigint; t: bigint; tn: bigint }>(
        `SELECT overpaid_amount > 0 AS over, SUM(paid_amount) AS v, COUNT(*) AS n, SUM(overpaid_amount) AS x,
      SUM(tip) AS t, SUM(tip > 0) AS tn FROM payments WHERE paid_at >= @from AND paid_at < @to${real} GROUP BY over`,
      )
      .all({ from, to });
    const paid = completed.find((r) => r.over === 0n);
    const overpaid = completed.find((r) => r.over === 1n);
    const partiallyPaid = this.byShape
      .get<{ v: bigint | null; n: bigint }>(
        `SELECT SUM(paid_amount) AS v, COUNT(*) AS n FROM payments
      WHERE created_at >= @from AND created_at < @to AND paid_at IS NULL AND paid_amount > 0${real}`,
      )
      .get({ from, to });
    // No index leads to expired payments by expires_at; the days they can have been created in bound
    // the walk along created_at's (+status keeps the planner off the index of every expired payment).
    const expired = this.byShape
      .get<{ v: bigint | null; n: bigint }>(
        `SELECT SUM(amount) AS v, COUNT(*) AS n FROM payments
      WHERE created_at >= @createdFrom AND created_at < @to AND +status = 'expired' AND expires_at >= @from AND expires_at < @to${real}`,
      )
      .get({ from, to, createdFrom: from - LONGEST_EXPIRY_MS });
    const settledShort = this.byShape
      .get<{ v: bigint | null; n: bigint }>(
        `SELECT SUM(amount - paid_amount) AS v, COUNT(*) AS n FROM payments
      WHERE paid_at >= @from AND paid_at < @to AND paid_amount < amount${real}`,
      )
      .get({ from, to });
    // grouped by the price as written: the sums of decimal text are the caller's, exact, never SQLite's floats
    const prices = this.byShape
      .get<{ c: string; a: string; n: bigint }>(
        `SELECT json_extract(pricing_json, '$.price.currency') AS c, json_extract(pricing_json, '$.price.amount') AS a,
      COUNT(*) AS n FROM payments WHERE paid_at >= @from AND paid_at < @to AND pricing_json IS NOT NULL${real} GROUP BY c, a`,
      )
      .all({ from, to });
    return {
      paid: volume(paid),
      overpaid: { ...volume(overpaid), extra: overpaid?.x ?? 0n },
      partiallyPaid: volume(partiallyPaid),
      expired: volume(expired),
      tips: {
        amount: completed.reduce((sum, r) => sum + r.t, 0n),
        count: completed.reduce((sum, r) => sum + Number(r.tn), 0),
      },
      settledShort: volume(settledShort),
      prices: prices.map((r) => ({ currency: r.c, amount: r.a, count: Number(r.n) })),
    };
  }
}
