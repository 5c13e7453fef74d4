import type { Database, Statement } from 'better-sqlite3';
import { ASSETS, type AssetCode } from '../../../contract/asset';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../contract/payments';
import type { NewPayment, Payment, PaymentStateChange } from '../records';
import { pricingFromJson, pricingToJson } from '../pricing-json';
import type {
  CloseOfDayFigures,
  PaidVolume,
  PaymentFilter,
  PaymentRepository,
  PaymentSearch,
} from '../ledger-repositories';
import { PaymentSearchIndex } from './sqlite-payment-search';
import { StatementCache } from './statement-cache';

/**
 * The columns every read of a payment selects, in this order. Rows come back as arrays (better-sqlite3's
 * raw mode) read by position: building an object per row, key by key, cost as much as the lookup
 * itself five times over (11 -> 6 us per payment the watcher matches).
 */
const PAYMENT_COLUMNS = `seq, id, kind, status, amount, paid_amount, overpaid_amount, refunded_amount, currency, main_currency, external_id,
  request_hash, memo, address, description, customer_json, callback_url, success_url, fail_url, metadata_json,
  allowed_origins_json, late, expires_at, paid_at, created_at, updated_at, test, tip, pricing_json, tolerance_bps`;

type PaymentRow = [
  seq: bigint,
  id: string,
  kind: Payment['kind'],
  status: PaymentStatus,
  amount: bigint,
  paidAmount: bigint,
  overpaidAmount: bigint,
  refundedAmount: bigint,
  currency: AssetCode,
  mainCurrency: 'TON',
  externalId: string | null,
  requestHash: string,
  memo: string,
  address: string,
  description: string | null,
  customerJson: string | null,
  callbackUrl: string | null,
  successUrl: string | null,
  failUrl: string | null,
  metadataJson: string | null,
  allowedOriginsJson: string | null,
  late: bigint,
  expiresAt: bigint,
  paidAt: bigint | null,
  createdAt: bigint,
  updatedAt: bigint,
  test: bigint,
  tip: bigint,
  pricingJson: string | null,
  toleranceBps: bigint,
];

type Params = Record<string, string | number>;

const DAY_MS = 86_400_000;
/** A payment expires at most 7 days after it was created (expiresInSeconds and defaultExpirySeconds both stop there). */
const LONGEST_EXPIRY_MS = 7 * DAY_MS;
const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
const toJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const toNumber = (v: bigint | null): number | null => (v === null ? null : Number(v));

/** The one mapping from a payments row to the domain's Payment: every reader of the table uses it. */
function fromRow(row: PaymentRow): Payment {
  const [
    seq,
    id,
    kind,
    status,
    amount,
    paidAmount,
    overpaidAmount,
    refundedAmount,
    currency,
    mainCurrency,
    externalId,
    requestHash,
    memo,
    address,
    description,
    customerJson,
    callbackUrl,
    successUrl,
    failUrl,
    metadataJson,
    allowedOriginsJson,
    late,
    expiresAt,
    paidAt,
    createdAt,
    updatedAt,
    test,
    tip,
    pricingJson,
    toleranceBps,
  ] = row;
  return {
    seq: Number(seq),
    id,
    kind,
    status,
    amount,
    paidAmount,
    overpaidAmount,
    refundedAmount,
    currency,
    mainCurrency,
    externalId,
    requestHash,
    memo,
    address,
    description,
    customer: parseJson(customerJson),
    callbackUrl,
    successUrl,
    failUrl,
    metadata: parseJson(metadataJson),
    allowedOrigins: parseJson(allowedOriginsJson),
    late: late === 1n,
    expiresAt: Number(expiresAt),
    paidAt: toNumber(paidAt),
    createdAt: Number(createdAt),
    updatedAt: Number(updatedAt),
    test: test === 1n,
    tip,
    pricing: pricingFromJson(pricingJson),
    toleranceBps: Number(toleranceBps),
  };
}

type DueQuery = { due: bigint; expiredSince: number; limit: number; currency: AssetCode | null };

const REAL_ONLY = 'payments.test = 0';
/** The figures' filter: a test on rows an index already found (test payments are few, and no plan changes for them). */
const realOnly = (includeTest: boolean): string => (includeTest ? '' : ` AND ${REAL_ONLY}`);
/** One asset's rows, its code written into the SQL from the registry (a code not in it throws): a handful of shapes, each prepared once. */
const inAsset = (currency: AssetCode): string => `payments.currency = '${ASSETS[currency].code}'`;
/** The figures of one asset: amounts of two assets are never added up. */
const figureScope = (includeTest: boolean, currency: AssetCode): string =>
  `${realOnly(includeTest)} AND ${inAsset(currency)}`;

/** A statement reading whole payments: selected in PAYMENT_COLUMNS' order, each row an array, INTEGERs as bigint. */
const rows = <P extends unknown[] | object>(stmt: Statement<P>): Statement<P, PaymentRow> =>
  stmt.safeIntegers(true).raw(true) as unknown as Statement<P, PaymentRow>;

/**
 * The search box: any part of the id, memo, order reference, description or customer email, in any
 * case (lower() folds ASCII, which every generated id and memo is). From 3 characters the trigram index
 * of migration 014 answers; shorter text is a scan newest first that stops at `limit` matches.
 */
const TRIGRAM = 3;
/** the short-text scan (fewer characters than a trigram) */
const SEARCH_TEXT = `(instr(lower(id), @needle) > 0 OR instr(lower(memo), @needle) > 0
  OR instr(lower(ifnull(external_id, '')), @needle) > 0 OR instr(lower(ifnull(description, '')), @needle) > 0
  OR instr(lower(ifnull(json_extract(customer_json, '$.email'), '')), @needle) > 0)`;

const beforeClause = (filter: PaymentSearch, seq: string): string[] =>
  filter.beforeSeq === undefined ? [] : [`${seq} < @before`];
const before = (filter: PaymentSearch): Params => (filter.beforeSeq === undefined ? {} : { before: filter.beforeSeq });

/** Two newest-first lists (the text's matches and the amount's) as one, each payment once. */
function newestOf(a: Payment[], b: Payment[], limit: number): Payment[] {
  const bySeq = new Map([...a, ...b].map((p) => [p.seq, p]));
  return [...bySeq.values()].sort((x, y) => y.seq - x.seq).slice(0, limit);
}

/** All SQL about payments, parameterised; INTEGERs come back as bigint so money never passes through a float. */
export class SqlitePayments implements PaymentRepository {
  private readonly insertStmt: Statement;
  private readonly byIdStmt: Statement<[string], PaymentRow>;
  private readonly byExternalIdStmt: Statement<[string], PaymentRow>;
  private readonly byMemoStmt: Statement<[string], PaymentRow>;
  private readonly firstCreatedStmt: Statement<[string], { first: number | bigint | null }>;
  private readonly byMemosStmt: Statement<[string], PaymentRow>;
  private readonly updateStateStmt: Statement;
  private readonly setRefundedStmt: Statement;
  private readonly dueForExpiryStmt: Statement<[number, number], PaymentRow>;
  private readonly withDueStmt: Statement<[DueQuery], PaymentRow>;
  /** list and search build their WHERE from the filters given: a handful of shapes, each prepared once */
  private readonly byShape: StatementCache;
  /** the trigram index, written after the fact in chunks (SqliteStorage drives it between batches) */
  readonly searchIndex: PaymentSearchIndex;

  constructor(db: Database) {
    this.byShape = new StatementCache(db, true);
    this.searchIndex = new PaymentSearchIndex(db);
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
    this.firstCreatedStmt = db.prepare('SELECT MIN(created_at) AS first FROM payments WHERE currency = ?');
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
    const first = this.firstCreatedStmt.get(currency)?.first ?? null;
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
    const where: string[] = [];
    const params: Params = { limit: filter.limit };
    if (filter.status) {
      where.push('status = @status');
      params.status = filter.status;
    }
    if (filter.externalId) {
      where.push('external_id = @externalId');
      params.externalId = filter.externalId;
    }
    if (filter.createdFrom !== undefined) {
      where.push('created_at >= @createdFrom');
      params.createdFrom = filter.createdFrom;
    }
    if (filter.createdTo !== undefined) {
      where.push('created_at < @createdTo');
      params.createdTo = filter.createdTo;
    }
    if (filter.beforeSeq !== undefined) {
      where.push('seq < @beforeSeq');
      params.beforeSeq = filter.beforeSeq;
    }
    return this.newestFirst(where, params);
  }

  async search(filter: PaymentSearch): Promise<Payment[]> {
    const where: string[] = [];
    const params: Params = { limit: filter.limit };
    if (filter.status) {
      where.push('status = @status');
      params.status = filter.status;
    }
    // Unary + keeps SQLite walking seq (or status, seq) newest first and stopping at `limit`, instead of
    // collecting a whole date range from the created_at index and sorting it (700 ms at 1M rows).
    if (filter.createdFrom !== undefined) {
      where.push('+created_at >= @from');
      params.from = filter.createdFrom;
    }
    if (filter.createdTo !== undefined) {
      where.push('+created_at < @to');
      params.to = filter.createdTo;
    }
    // a filter on the rows the walk down seq finds: test payments are few, so it stops about as soon
    if (filter.realOnly) where.push(REAL_ONLY);
    if (filter.currency) where.push(inAsset(filter.currency));
    const search = filter.search?.trim();
    if (!search) {
      return this.newestFirst([...where, ...beforeClause(filter, 'seq')], { ...params, ...before(filter) });
    }
    const text =
      [...search].length < TRIGRAM
        ? this.newestFirst([...where, SEARCH_TEXT, ...beforeClause(filter, 'seq')], {
            ...params,
            ...before(filter),
            needle: search.toLowerCase(),
          })
        : this.byText(where, { ...params, ...before(filter) }, filter, search);
    const amounts = (filter.searchAmounts ?? []).filter((a) => !filter.currency || a.currency === filter.currency);
    if (amounts.length === 0) return text;
    // each asset's amount in its own decimals: "1.5" is 1500000 micro-USDT and 1500000000 nanotons
    const matches = amounts.map(({ currency, amount }) => `(${inAsset(currency)} AND amount = ${amount.toString()})`);
    const amount = this.newestFirst([...where, `(${matches.join(' OR ')})`, ...beforeClause(filter, 'seq')], {
      ...params,
      ...before(filter),
    });
    return newestOf(text, amount, filter.limit);
  }

  /** Through the trigram index, newest first: FTS5 walks its rowids (the payments' seq) down and stops at `limit`. */
  private byText(where: string[], params: Params, filter: PaymentSearch, search: string): Payment[] {
    // a read may write here: reads run between batches, and the index is derived from committed rows
    this.searchIndex.catchUp();
    const clause = ['payment_search MATCH @phrase', ...where, ...beforeClause(filter, 'payment_search.rowid')].join(
      ' AND ',
    );
    const stmt = this.byShape.get<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payment_search JOIN payments ON payments.seq = payment_search.rowid
      WHERE ${clause} ORDER BY payment_search.rowid DESC LIMIT @limit`,
    );
    // one FTS5 phrase: the text as typed, its double quotes doubled
    const phrase = `"${search.toLowerCase().replaceAll('"', '""')}"`;
    return stmt
      .raw(true)
      .all({ ...params, phrase })
      .map(fromRow);
  }

  private newestFirst(where: string[], params: Params): Payment[] {
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const stmt = this.byShape.get<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments ${clause} ORDER BY seq DESC LIMIT @limit`,
    );
    return stmt.raw(true).all(params).map(fromRow);
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
