import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { EventBus, StoredEvent } from '../events/event-bus';
import { EventStore } from '../events/event-store';
import { idempotencyConflict, invalidInput, invalidTransition, paymentNotFound } from '../domain/errors';
import { parseAmount } from '../../contract/amount';
import type { Clock } from '../util/clock';
import { newId, newMemo } from '../util/ids';
import type { ChainInfo } from './payment-links';
import { presentPayment } from './payment-presenter';
import { PaymentRepository, type PaymentFilter } from './payment-repository';
import type { DepositRequest, PublicPayment, WidgetSessionRequest } from '../../contract/payments';
import { canTransition, type ChangeEvents } from './payment-state';
import type { Payment } from './payment-types';
import type { PaymentEventType, PaymentKind } from '../../contract/payments';
import { TransferRepository } from './transfer-repository';

export interface PaymentPolicy {
  maxAmount: bigint;
  defaultExpirySeconds: number;
  monitoringWindowSeconds: number;
}

export interface PaymentServiceDeps {
  db: Database;
  bus: EventBus;
  clock: Clock;
  chain: ChainInfo;
  publicUrl: () => string;
  policy: PaymentPolicy;
  onListenerError: (err: unknown) => void;
  /** defers publishing until the enclosing group commit, if any, is durable */
  afterCommit: (callback: () => void) => void;
}

export interface CreateResult {
  payment: Payment;
  replayed: boolean;
}

const VIEW_CACHE_SIZE = 10_000;

/**
 * Records an event about a payment (its public record is the data), or `raw` for any other subject.
 * `change` is the only way a payment's state is written: the row and its events go together.
 */
export type EventRecorder = ((type: PaymentEventType, p: Payment) => StoredEvent) & {
  raw(type: PaymentEventType, paymentId: string | null, data: unknown): StoredEvent;
  change(updated: Payment, events: ChangeEvents): Payment;
};

/** Same kind + same validated body = same request; key order must not matter. */
function requestHash(kind: PaymentKind, request: object): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(`${kind}\n${canonical}`).digest('hex');
}

/** Owns every payment state change: each one is a row update plus an event, in one transaction. */
export class PaymentService {
  readonly payments: PaymentRepository;
  readonly transfers: TransferRepository;
  readonly events: EventStore;

  readonly policy: PaymentPolicy;
  /** events recorded by the transaction in progress, when transactions nest */
  private unpublished: StoredEvent[] | null = null;
  /**
   * Public views of recently read payments. Every change to a payment records an event, and
   * recording one evicts the view, so a cached view is never older than the ledger row.
   */
  private readonly views = new Map<string, { view: PublicPayment; json?: string }>();

  constructor(private readonly deps: PaymentServiceDeps) {
    this.policy = deps.policy;
    this.payments = new PaymentRepository(deps.db);
    this.transfers = new TransferRepository(deps.db);
    this.events = new EventStore(deps.db, deps.bus);
  }


  /**
   * Runs `work` in one SQLite transaction. Events it records are published only after the
   * outermost transaction commits (and after the group commit, inside a WriteBatcher job), and
   * events of a rolled-back nested transaction are never published.
   */
  transaction<T>(work: (record: EventRecorder) => T): T {
    const recorded: StoredEvent[] = [];
    const append = (type: PaymentEventType, paymentId: string | null, data: unknown): StoredEvent => {
      if (paymentId) this.views.delete(paymentId);
      const event = this.events.append(type, paymentId, data, this.deps.clock.now());
      recorded.push(event);
      return event;
    };
    const change = (updated: Payment, events: ChangeEvents): Payment => {
      // the view cache is evicted by events: a silent write would leave every status poll stale
      if (events.length === 0) throw new Error(`a change to payment ${updated.id} must be announced by an event`);
      this.payments.updateState(updated);
      const data = this.present(updated);
      for (const type of events) append(type, updated.id, data);
      return updated;
    };
    const record = Object.assign((type: PaymentEventType, p: Payment) => append(type, p.id, this.present(p)), { raw: append, change });
    const parent = this.unpublished;
    this.unpublished = recorded;
    try {
      const result = this.deps.db.transaction(() => work(record))();
      if (parent) parent.push(...recorded);
      else this.deps.afterCommit(() => this.deps.bus.publish(recorded, this.deps.onListenerError));
      return result;
    } finally {
      this.unpublished = parent;
    }
  }

  create(kind: PaymentKind, request: DepositRequest | WidgetSessionRequest): CreateResult {
    const hash = requestHash(kind, request);
    const amount = this.checkedAmount(request.amount);
    return this.transaction((record) => {
      if (request.externalId !== undefined) {
        const existing = this.payments.findByExternalId(request.externalId);
        if (existing) return { payment: this.assertSameRequest(existing, hash), replayed: true };
      }
      const payment = this.payments.insert(this.newPayment(kind, request, amount, hash));
      record('payment.created', payment);
      return { payment, replayed: false };
    });
  }

  private checkedAmount(text: string): bigint {
    const parsed = parseAmount(text, this.deps.policy.maxAmount);
    if (!parsed.ok) throw invalidInput('amount', parsed.message);
    return parsed.value;
  }

  private assertSameRequest(existing: Payment, hash: string): Payment {
    if (existing.requestHash === hash) return existing;
    throw idempotencyConflict(
      `externalId ${existing.externalId} was already used with a different request (payment ${existing.id})`, 'externalId');
  }

  private newPayment(kind: PaymentKind, r: DepositRequest | WidgetSessionRequest, amount: bigint, hash: string) {
    const now = this.deps.clock.now();
    const expirySeconds = r.expiresInSeconds ?? this.deps.policy.defaultExpirySeconds;
    return {
      id: newId('pay'), kind, status: 'pending' as const, amount, paidAmount: 0n, overpaidAmount: 0n,
      currency: 'USDT' as const, mainCurrency: 'TON' as const, externalId: r.externalId ?? null, requestHash: hash,
      memo: this.uniqueMemo(), address: this.deps.chain.merchantAddress, description: r.description ?? null,
      customer: r.customer ?? null, callbackUrl: r.callbackUrl ?? null, successUrl: r.successUrl ?? null,
      failUrl: r.failUrl ?? null, metadata: r.metadata ?? null,
      allowedOrigins: 'allowedOrigins' in r && r.allowedOrigins ? r.allowedOrigins : null,
      late: false, expiresAt: now + expirySeconds * 1000, paidAt: null, createdAt: now, updatedAt: now,
    };
  }

  private uniqueMemo(): string {
    for (;;) {
      const memo = newMemo();
      if (!this.payments.findByMemo(memo)) return memo;
    }
  }

  get(id: string): Payment {
    const payment = this.payments.findById(id);
    if (!payment) throw paymentNotFound(id);
    return payment;
  }

  present(p: Payment): PublicPayment {
    // credited transfers always add up to paidAmount, so an unpaid payment has none to look up
    const transfers = p.paidAmount === 0n ? [] : this.transfers.creditedTo(p.id);
    return presentPayment(p, transfers, this.deps.chain, this.deps.publicUrl());
  }

  /** The public record by id, as the status endpoints serve it (status pages poll this). */
  view(id: string): PublicPayment {
    return this.cachedView(id).view;
  }

  /** The same record already serialised: a status poll then costs a map lookup. */
  viewJson(id: string): string {
    const entry = this.cachedView(id);
    entry.json ??= JSON.stringify(entry.view);
    return entry.json;
  }

  private cachedView(id: string): { view: PublicPayment; json?: string } {
    const cached = this.views.get(id);
    if (cached) return cached;
    const entry = { view: this.present(this.get(id)) };
    if (this.views.size >= VIEW_CACHE_SIZE) this.views.clear();
    this.views.set(id, entry);
    return entry;
  }

  list(filter: PaymentFilter): Payment[] {
    return this.payments.list(filter);
  }

  cancel(id: string): Payment {
    return this.transaction((record) => {
      const payment = this.get(id);
      if (!canTransition(payment.status, 'cancelled')) {
        throw invalidTransition(`payment is ${payment.status}; only a pending payment can be cancelled`);
      }
      return record.change({ ...payment, status: 'cancelled', updatedAt: this.deps.clock.now() }, ['payment.cancelled']);
    });
  }

  /** Moves open payments past their expiry to `expired`; returns how many moved. */
  expireDue(batchSize = 500): number {
    const now = this.deps.clock.now();
    return this.transaction((record) => {
      const due = this.payments.dueForExpiry(now, batchSize);
      for (const payment of due) record.change({ ...payment, status: 'expired', updatedAt: now }, ['payment.expired']);
      return due.length;
    });
  }
}
