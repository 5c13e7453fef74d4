import type { Database, Statement } from 'better-sqlite3';
import type { Payment } from './payment-types';
import type { PaymentStatus } from '../../contract/payments';

interface PaymentRow {
  seq: number;
  id: string;
  kind: Payment['kind'];
  status: PaymentStatus;
  amount: bigint;
  paid_amount: bigint;
  overpaid_amount: bigint;
  currency: 'USDT';
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
  late: bigint;
  expires_at: bigint;
  paid_at: bigint | null;
  created_at: bigint;
  updated_at: bigint;
}

export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  externalId?: string | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
  /** keyset: only payments older (smaller seq) than this */
  beforeSeq?: number | undefined;
  limit: number;
}

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
const toJson = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const toNumber = (v: bigint | null): number | null => (v === null ? null : Number(v));

function fromRow(r: PaymentRow): Payment {
  return {
    seq: Number(r.seq),
    id: r.id,
    kind: r.kind,
    status: r.status,
    amount: r.amount,
    paidAmount: r.paid_amount,
    overpaidAmount: r.overpaid_amount,
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
    late: r.late === 1n,
    expiresAt: Number(r.expires_at),
    paidAt: toNumber(r.paid_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export type NewPayment = Omit<Payment, 'seq'>;

/** All SQL about payments lives here, parameterised; the service above never sees a row. */
export class PaymentRepository {
  private readonly insertStmt: Statement;
  private readonly byIdStmt: Statement<[string], PaymentRow>;
  private readonly byExternalIdStmt: Statement<[string], PaymentRow>;
  private readonly byMemoStmt: Statement<[string], PaymentRow>;
  private readonly updateStateStmt: Statement;
  private readonly dueForExpiryStmt: Statement<[number, number], PaymentRow>;

  constructor(private readonly db: Database) {
    this.insertStmt = db.prepare(`INSERT INTO payments (id, kind, status, amount, paid_amount, overpaid_amount,
      currency, main_currency, external_id, request_hash, memo, address, description, customer_json, callback_url,
      success_url, fail_url, metadata_json, allowed_origins_json, late, expires_at, paid_at, created_at, updated_at)
      VALUES (@id, @kind, @status, @amount, @paidAmount, @overpaidAmount, @currency, @mainCurrency, @externalId,
      @requestHash, @memo, @address, @description, @customer, @callbackUrl, @successUrl, @failUrl, @metadata,
      @allowedOrigins, @late, @expiresAt, @paidAt, @createdAt, @updatedAt)`);
    this.byIdStmt = this.safe(db.prepare('SELECT * FROM payments WHERE id = ?'));
    this.byExternalIdStmt = this.safe(db.prepare('SELECT * FROM payments WHERE external_id = ?'));
    this.byMemoStmt = this.safe(db.prepare('SELECT * FROM payments WHERE memo = ?'));
    this.updateStateStmt = db.prepare(`UPDATE payments SET status = @status, paid_amount = @paidAmount,
      overpaid_amount = @overpaidAmount, late = @late, paid_at = @paidAt, updated_at = @updatedAt WHERE id = @id`);
    this.dueForExpiryStmt = this.safe(db.prepare(`SELECT * FROM payments
      WHERE status IN ('pending', 'partially_paid') AND expires_at <= ? ORDER BY expires_at LIMIT ?`));
  }

  /** SQLite INTEGERs come back as bigint so money never passes through a float. */
  private safe<S extends Statement>(stmt: S): S {
    return stmt.safeIntegers(true) as S;
  }

  insert(p: NewPayment): Payment {
    const result = this.insertStmt.run({
      ...p,
      customer: toJson(p.customer),
      metadata: toJson(p.metadata),
      allowedOrigins: toJson(p.allowedOrigins),
      late: p.late ? 1 : 0,
    });
    return { ...p, seq: Number(result.lastInsertRowid) };
  }

  findById(id: string): Payment | null {
    const row = this.byIdStmt.get(id);
    return row ? fromRow(row) : null;
  }

  findByExternalId(externalId: string): Payment | null {
    const row = this.byExternalIdStmt.get(externalId);
    return row ? fromRow(row) : null;
  }

  findByMemo(memo: string): Payment | null {
    const row = this.byMemoStmt.get(memo);
    return row ? fromRow(row) : null;
  }

  updateState(p: Pick<Payment, 'id' | 'status' | 'paidAmount' | 'overpaidAmount' | 'late' | 'paidAt' | 'updatedAt'>): void {
    this.updateStateStmt.run({ ...p, late: p.late ? 1 : 0 });
  }

  dueForExpiry(now: number, limit: number): Payment[] {
    return this.dueForExpiryStmt.all(now, limit).map(fromRow);
  }

  list(filter: PaymentFilter): Payment[] {
    const where: string[] = [];
    const params: Record<string, string | number> = { limit: filter.limit };
    if (filter.status) { where.push('status = @status'); params.status = filter.status; }
    if (filter.externalId) { where.push('external_id = @externalId'); params.externalId = filter.externalId; }
    if (filter.createdFrom !== undefined) { where.push('created_at >= @createdFrom'); params.createdFrom = filter.createdFrom; }
    if (filter.createdTo !== undefined) { where.push('created_at < @createdTo'); params.createdTo = filter.createdTo; }
    if (filter.beforeSeq !== undefined) { where.push('seq < @beforeSeq'); params.beforeSeq = filter.beforeSeq; }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const stmt = this.safe(this.db.prepare<Record<string, string | number>, PaymentRow>(
      `SELECT * FROM payments ${clause} ORDER BY seq DESC LIMIT @limit`,
    ));
    return stmt.all(params).map(fromRow);
  }
}
