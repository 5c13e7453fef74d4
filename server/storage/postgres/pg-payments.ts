import { ASSETS, type AssetCode } from '../../../contract/asset';
import type { PaymentStatus } from '../../../contract/payments';
import type { NewPayment, Payment, PaymentStateChange } from '../records';
import { pricingFromJson, pricingToJson, quotedInPattern } from '../pricing-json';
import type {
  CloseOfDayFigures,
  PaidVolume,
  PaymentFilter,
  PaymentRepository,
  PaymentSearch,
} from '../ledger-repositories';
import { at, money, num, type PgSql } from './pg-sql';
import { PG_PAYMENT_SEARCH_TEXT } from './migrations/004-payment-search';

/** The columns every read of a payment selects; fromRow is the one mapping of them. */
const PAYMENT_COLUMNS = `seq, id, kind, status, amount, paid_amount, overpaid_amount, refunded_amount, currency, main_currency, external_id,
  request_hash, memo, address, description, customer_json, callback_url, success_url, fail_url, metadata_json,
  allowed_origins_json, late, expires_at, paid_at, created_at, updated_at, test, tip, pricing_json, tolerance_bps`;

interface PaymentRow {
  seq: bigint;
  id: string;
  kind: Payment['kind'];
  status: PaymentStatus;
  amount: bigint;
  paid_amount: bigint;
  overpaid_amount: bigint;
  refunded_amount: bigint;
  currency: AssetCode;
  main_currency: 'TON';
  external_id: string | null;
  request_hash: string;
  memo: string;
  address: string;
  description: string | null;
  customer_json: string | null;
  callback_url: string | null;
  success_url: string | null;
  fail_url: string | null;
  metadata_json: string | null;
  allowed_origins_json: string | null;
  late: boolean;
  expires_at: number;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
  /** 0 or 1, as SQLite's column */
  test: number;
  tip: bigint;
  pricing_json: string | null;
  tolerance_bps: number;
}

/** What a sum and a count of payments arrive as: sum() of bigint is numeric (text), count(*) is bigint. */
interface VolumeRow {
  v: string | null;
  n: bigint;
}

const DAY_MS = 86_400_000;
/** A payment expires at most 7 days after it was created (expiresInSeconds and defaultExpirySeconds both stop there). */
const LONGEST_EXPIRY_MS = 7 * DAY_MS;
const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
const toJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const volume = (row: VolumeRow | null | undefined): PaidVolume => ({ amount: money(row?.v), count: num(row?.n ?? 0n) });

/** The figures leave test payments (the widget preview's, the demo shop's) out unless asked for. */
const realOnly = (includeTest: boolean): string => (includeTest ? '' : ' AND test = 0');
/** One asset's rows, its code written into the SQL from the registry (a code not in it throws). */
const inAsset = (currency: AssetCode): string => `currency = '${ASSETS[currency].code}'`;
/** The figures of one asset: amounts of two assets are never added up. */
const figureScope = (includeTest: boolean, currency: AssetCode): string =>
  `${realOnly(includeTest)} AND ${inAsset(currency)}`;

function fromRow(r: PaymentRow): Payment {
  return {
    seq: num(r.seq),
    id: r.id,
    kind: r.kind,
    status: r.status,
    amount: r.amount,
    paidAmount: r.paid_amount,
    overpaidAmount: r.overpaid_amount,
    refundedAmount: r.refunded_amount,
    currency: r.currency,
    mainCurrency: r.main_currency,
    externalId: r.external_id,
    requestHash: r.request_hash,
    memo: r.memo,
    address: r.address,
    description: r.description,
    customer: parseJson(r.customer_json),
    callbackUrl: r.callback_url,
    successUrl: r.success_url,
    failUrl: r.fail_url,
    metadata: parseJson(r.metadata_json),
    allowedOrigins: parseJson(r.allowed_origins_json),
    late: r.late,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    test: Number(r.test) === 1,
    tip: r.tip,
    pricing: pricingFromJson(r.pricing_json),
    toleranceBps: Number(r.tolerance_bps),
  };
}

/** Optional conditions of a list, each with its own $n; the SQL text depends only on which filters are set. */
class Conditions {
  readonly where: string[] = [];
  readonly values: unknown[] = [];

  /** `template` with one `?` per value, each becoming the next $n */
  add(template: string, ...values: unknown[]): void {
    let next = 0;
    this.where.push(template.replace(/\?/g, () => `$${this.values.push(values[next++])}`));
  }
}

/**
 * The search box: any part of the id, memo, order reference, description or customer email, in any case,
 * through migration 004's trigram index (the expression repeated word for word so the planner can use it).
 */
const SEARCH_TEXT = `${PG_PAYMENT_SEARCH_TEXT} LIKE ?`;
/** LIKE's own characters in what was typed are meant literally */
const likeAnywhere = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** All SQL about payments, parameterised; money stays bigint end to end. */
export class PgPayments implements PaymentRepository {
  constructor(private readonly sql: PgSql) {}

  async insert(p: NewPayment): Promise<Payment> {
    const row = await this.sql.one<{ seq: bigint }>(
      `INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount,
      refunded_amount, currency, main_currency, external_id, request_hash, memo, address, description, customer_json, callback_url,
      success_url, fail_url, metadata_json, allowed_origins_json, late, expires_at, paid_at, created_at, updated_at,
      pricing_json, tolerance_bps)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)
      RETURNING seq`,
      [
        p.id,
        p.kind,
        p.status,
        p.amount,
        p.paidAmount,
        p.overpaidAmount,
        p.refundedAmount,
        p.currency,
        p.mainCurrency,
        p.externalId,
        p.requestHash,
        p.memo,
        p.address,
        p.description,
        toJson(p.customer),
        p.callbackUrl,
        p.successUrl,
        p.failUrl,
        toJson(p.metadata),
        toJson(p.allowedOrigins),
        p.late,
        at(p.expiresAt),
        at(p.paidAt),
        at(p.createdAt),
        at(p.updatedAt),
        pricingToJson(p.pricing),
        p.toleranceBps,
      ],
    );
    return { ...p, seq: num(row!.seq), test: false, tip: 0n };
  }

  async updateState(p: PaymentStateChange): Promise<void> {
    await this.sql.run(
      `UPDATE payments SET status = $2, paid_amount = $3, overpaid_amount = $4, late = $5, paid_at = $6, updated_at = $7
      WHERE seq = $1`,
      [p.seq, p.status, p.paidAmount, p.overpaidAmount, p.late, at(p.paidAt), at(p.updatedAt)],
    );
  }

  async setRefunded({
    seq,
    refundedAmount,
    updatedAt,
  }: Pick<Payment, 'seq' | 'refundedAmount' | 'updatedAt'>): Promise<void> {
    await this.sql.run('UPDATE payments SET refunded_amount = $2, updated_at = $3 WHERE seq = $1', [
      seq,
      refundedAmount,
      at(updatedAt),
    ]);
  }

  async findById(id: string): Promise<Payment | null> {
    return this.findOne(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, id);
  }

  async findByExternalId(externalId: string): Promise<Payment | null> {
    return this.findOne(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE external_id = $1`, externalId);
  }

  async firstCreatedAt(currency: AssetCode): Promise<number | null> {
    // timestamptz arrives as epoch ms (pg-sql.ts)
    const row = await this.sql.one<{ first: number | null }>(
      // a fiat price quoted in the asset may be paid in it too
      'SELECT MIN(created_at) AS first FROM payments WHERE currency = $1 OR pricing_json LIKE $2',
      [currency, quotedInPattern(currency)],
    );
    return row?.first ?? null;
  }

  async findByMemo(memo: string): Promise<Payment | null> {
    return this.findOne(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE memo = $1`, memo);
  }

  async findByMemos(memos: readonly string[]): Promise<Payment[]> {
    if (memos.length === 0) return [];
    return this.findMany(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE memo = ANY($1::text[])`, [memos]);
  }

  async dueForExpiry(now: number, limit: number): Promise<Payment[]> {
    return this.findMany(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE status IN ('pending', 'partially_paid') AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [at(now), limit],
    );
  }

  async list(filter: PaymentFilter): Promise<Payment[]> {
    const c = new Conditions();
    if (filter.status) c.add('status = ?', filter.status);
    if (filter.externalId) c.add('external_id = ?', filter.externalId);
    if (filter.createdFrom !== undefined) c.add('created_at >= ?', at(filter.createdFrom));
    if (filter.createdTo !== undefined) c.add('created_at < ?', at(filter.createdTo));
    if (filter.beforeSeq !== undefined) c.add('seq < ?', filter.beforeSeq);
    return this.newestFirst(c, filter.limit);
  }

  async search(filter: PaymentSearch): Promise<Payment[]> {
    const c = new Conditions();
    if (filter.status) c.add('status = ?', filter.status);
    if (filter.createdFrom !== undefined) c.add('created_at >= ?', at(filter.createdFrom));
    if (filter.createdTo !== undefined) c.add('created_at < ?', at(filter.createdTo));
    if (filter.beforeSeq !== undefined) c.add('seq < ?', filter.beforeSeq);
    if (filter.realOnly) c.add('test = 0');
    if (filter.currency) c.add(inAsset(filter.currency));
    const search = filter.search?.trim();
    if (search) {
      // each asset's amount in its own decimals: "1.5" is 1500000 micro-USDT and 1500000000 nanotons
      const amounts = (filter.searchAmounts ?? []).filter((a) => !filter.currency || a.currency === filter.currency);
      const matches = amounts.map(({ currency, amount }) => `(${inAsset(currency)} AND amount = ${amount.toString()})`);
      c.add(`(${[SEARCH_TEXT, ...matches].join(' OR ')})`, likeAnywhere(search));
    }
    return this.newestFirst(c, filter.limit);
  }

  async withDueAmount(due: bigint, expiredSince: number, limit: number, currency?: AssetCode): Promise<Payment[]> {
    // The WHERE repeats payments_due_amount's expression and states, so the lookup is one index range.
    return this.findMany(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE amount - paid_amount = $1 AND status IN ('pending', 'partially_paid', 'expired')
      AND (status <> 'expired' OR expires_at >= $2) AND ($4::text IS NULL OR currency = $4) LIMIT $3`,
      [due, at(expiredSince), limit, currency ?? null],
    );
  }

  async countByStatus(includeTest = false): Promise<Record<PaymentStatus, number>> {
    // every status, zeros included; `satisfies` fails the build if a status is added and not listed here
    const counts = { pending: 0, partially_paid: 0, paid: 0, expired: 0, cancelled: 0 } satisfies Record<
      PaymentStatus,
      number
    >;
    const rows = await this.sql.rows<{ status: PaymentStatus; n: bigint }>(
      `SELECT status, count(*) AS n FROM payments${includeTest ? '' : ' WHERE test = 0'} GROUP BY status`,
    );
    for (const r of rows) counts[r.status] = num(r.n);
    return counts;
  }

  async paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    return volume(
      await this.sql.one<VolumeRow>(
        `SELECT sum(paid_amount) AS v, count(*) AS n FROM payments WHERE paid_at >= $1 AND paid_at < $2${figureScope(includeTest, currency)}`,
        [at(from), at(to)],
      ),
    );
  }

  async dailyPaidVolume(
    origin: number,
    days: number,
    includeTest: boolean,
    currency: AssetCode,
  ): Promise<PaidVolume[]> {
    // The day index as SQLite computes it: whole days of milliseconds since `origin`.
    const rows = await this.sql.rows<VolumeRow & { d: number }>(
      `SELECT
      floor((extract(epoch FROM paid_at) * 1000 - $1::numeric) / ${DAY_MS})::integer AS d, sum(paid_amount) AS v, count(*) AS n
      FROM payments WHERE paid_at >= $2 AND paid_at < $3${figureScope(includeTest, currency)} GROUP BY d`,
      [origin, at(origin), at(origin + days * DAY_MS)],
    );
    const buckets: PaidVolume[] = Array.from({ length: days }, () => ({ amount: 0n, count: 0 }));
    for (const r of rows) {
      const bucket = buckets[r.d];
      if (bucket) Object.assign(bucket, volume(r));
    }
    return buckets;
  }

  async markTest(paymentId: string): Promise<void> {
    await this.sql.run('UPDATE payments SET test = 1 WHERE id = $1', [paymentId]);
  }

  async recordTip(paymentId: string, tip: bigint): Promise<void> {
    await this.sql.run('UPDATE payments SET tip = $2 WHERE id = $1', [paymentId, tip.toString()]);
  }

  async switchAsset(p: Pick<Payment, 'seq' | 'currency' | 'amount' | 'updatedAt'>): Promise<void> {
    await this.sql.run('UPDATE payments SET currency = $2, amount = $3, updated_at = $4 WHERE seq = $1', [
      p.seq,
      p.currency,
      p.amount.toString(),
      at(p.updatedAt),
    ]);
  }

  async closeOfDay(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<CloseOfDayFigures> {
    const real = figureScope(includeTest, currency);
    const completed = await this.sql.rows<VolumeRow & { over: boolean; x: string; t: string; tn: bigint }>(
      `SELECT overpaid_amount > 0 AS over, sum(paid_amount) AS v, count(*) AS n, sum(overpaid_amount) AS x,
      sum(tip) AS t, count(*) FILTER (WHERE tip > 0) AS tn FROM payments WHERE paid_at >= $1 AND paid_at < $2${real} GROUP BY 1`,
      [at(from), at(to)],
    );
    const paid = completed.find((r) => !r.over);
    const overpaid = completed.find((r) => r.over);
    const partiallyPaid = await this.sql.one<VolumeRow>(
      `SELECT sum(paid_amount) AS v, count(*) AS n FROM payments
      WHERE created_at >= $1 AND created_at < $2 AND paid_at IS NULL AND paid_amount > 0${real}`,
      [at(from), at(to)],
    );
    // Bounded by the days such a payment can have been created in, as SQLite's is (the figures must agree).
    const expired = await this.sql.one<VolumeRow>(
      `SELECT sum(amount) AS v, count(*) AS n FROM payments
      WHERE created_at >= $1 AND created_at < $3 AND status = 'expired' AND expires_at >= $2 AND expires_at < $3${real}`,
      [at(from - LONGEST_EXPIRY_MS), at(from), at(to)],
    );
    const settledShort = await this.sql.one<VolumeRow>(
      `SELECT sum(amount - paid_amount) AS v, count(*) AS n FROM payments
      WHERE paid_at >= $1 AND paid_at < $2 AND paid_amount < amount${real}`,
      [at(from), at(to)],
    );
    // grouped by the price as written, as SQLite's are: the caller sums the decimal text exactly
    const prices = await this.sql.rows<{ c: string; a: string; n: bigint }>(
      `SELECT pricing_json::jsonb #>> '{price,currency}' AS c, pricing_json::jsonb #>> '{price,amount}' AS a,
      count(*) AS n FROM payments WHERE paid_at >= $1 AND paid_at < $2 AND pricing_json IS NOT NULL${real} GROUP BY 1, 2`,
      [at(from), at(to)],
    );
    return {
      paid: volume(paid),
      overpaid: { ...volume(overpaid), extra: money(overpaid?.x) },
      partiallyPaid: volume(partiallyPaid),
      expired: volume(expired),
      tips: {
        amount: completed.reduce((sum, r) => sum + money(r.t), 0n),
        count: completed.reduce((sum, r) => sum + num(r.tn), 0),
      },
      settledShort: volume(settledShort),
      prices: prices.map((r) => ({ currency: r.c, amount: r.a, count: num(r.n) })),
    };
  }

  private async newestFirst(c: Conditions, limit: number): Promise<Payment[]> {
    const clause = c.where.length ? `WHERE ${c.where.join(' AND ')}` : '';
    return this.findMany(
      `SELECT ${PAYMENT_COLUMNS} FROM payments ${clause} ORDER BY seq DESC LIMIT $${c.values.length + 1}`,
      [...c.values, limit],
    );
  }

  private async findOne(text: string, key: string): Promise<Payment | null> {
    const row = await this.sql.one<PaymentRow>(text, [key]);
    return row ? fromRow(row) : null;
  }

  private async findMany(text: string, values: readonly unknown[]): Promise<Payment[]> {
    return (await this.sql.rows<PaymentRow>(text, values)).map(fromRow);
  }
}
