import { hash as digest } from 'node:crypto';
import { parseAmount } from '../../contract/amount';
import type {
  DepositRequest,
  PaymentEventType,
  PaymentKind,
  PaymentStatus,
  PublicPayment,
  WidgetSessionRequest,
} from '../../contract/payments';
import {
  idempotencyConflict,
  invalidInput,
  invalidTransition,
  paymentNotFound,
  rateUnavailable,
} from '../domain/errors';
import type { EventBus } from '../events/event-bus';
import type { StoredEvent } from '../storage/records';
import type { EventLog } from '../events/event-log';
import type { CloseOfDayFigures, PaidVolume, PaymentFilter, PaymentSearch } from '../storage/ledger-repositories';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId, newMemo } from '../util/ids';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import { toleranceBpsOf } from '../../contract/price';
import { isAssetPriced } from '../../contract/price-schemas';
import type { RatesPort } from '../rates/rates-port';
import { assertChoosable, canSwitchTo, parseFiatPrice, quoteIn, quotePrice, switchedTo } from './fiat-pricing';
import type { ChainInfo } from './payment-links';
import type { CreditedTransfer } from '../storage/records';
import { applyCredit, canTransition, type ChangeEvents } from './payment-state';
import type { NewPayment, Payment, Pricing, Quote } from '../storage/records';
import { PaymentViews } from './payment-views';

export interface PaymentPolicy {
  /** the largest amount a payment in `asset` may ask for, in its base units */
  maxAmount: (asset: AssetCode) => bigint;
  defaultExpirySeconds: number;
  monitoringWindowSeconds: number;
  /**
   * the assets the store takes now (config's acceptedAssets, read afresh: a restart in place changes
   * them); absent, every asset in the registry
   */
  acceptedAssets?: () => readonly AssetCode[];
}

/** How long an expired payment still counts as a likely home for a late, memo-less transfer. */
const RECENT_EXPIRY_MS = 7 * 24 * 3600 * 1000;
/** Candidates read per suggestion; a store with more open payments of one amount gets the first of them. */
const SUGGESTION_CANDIDATES = 200;

/** What a creation request comes to: the asset and amount asked first, a tip's share of it, a fiat price's quotes. */
interface PricedRequest {
  currency: AssetCode;
  amount: bigint;
  tip: bigint;
  pricing: Pricing | null;
}

export interface PaymentServiceDeps {
  /** where fiat prices get their rates (server/rates/) */
  rates: RatesPort;
  /** the store's pricing settings: the short payment a new payment tolerates */
  pricing: { current(): Promise<{ shortTolerancePercent: string }> };
  storage: Storage;
  bus: EventBus;
  events: EventLog;
  clock: Clock;
  chain: ChainInfo;
  publicUrl: () => string;
  policy: PaymentPolicy;
}

export interface CreateResult {
  payment: Payment;
  /** the public record, as the creation event carries it */
  view: PublicPayment;
  /** `view` as JSON text: the creation event stores this very text, and the invoice route answers with it */
  json: string;
  replayed: boolean;
}

/** Same kind + same validated body = same request; key order must not matter. */
function requestHash(kind: PaymentKind, request: object): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return digest('sha256', `${kind}\n${canonical}`);
}

/**
 * Owns every payment state change: each one runs the state machine, writes the row and records an
 * event for it, in one unit of work. Every read of a payment from outside this folder comes here.
 */
export class PaymentService {
  private readonly views: PaymentViews;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.views = new PaymentViews(deps.storage, deps.bus, deps.chain, deps.publicUrl);
  }

  /**
   * Settings applied in place by a runtime restart: payments created from now on get the new
   * chain's addresses and windows, and every view is presented afresh (its links name the wallet).
   */
  applySettings(
    chain: ChainInfo,
    policy: Pick<PaymentPolicy, 'defaultExpirySeconds' | 'monitoringWindowSeconds'>,
  ): void {
    Object.assign(this.deps.chain, chain);
    Object.assign(this.deps.policy, policy);
    this.views.clear();
  }

  /**
   * `test`: made to try the flow (the widget preview, the demo shop), so left out of the takings.
   * `tip`: the part of the amount a till customer added as a tip (the amount already includes it).
   */
  async create(
    kind: PaymentKind,
    request: DepositRequest | WidgetSessionRequest,
    options: { test?: boolean; tip?: bigint } = {},
  ): Promise<CreateResult> {
    const hash = requestHash(kind, request);
    // a retry of a fiat invoice answers what was created, even while no rate source does
    const replay = isAssetPriced(request.currency) ? null : await this.replayOf(request, hash);
    if (replay) return replay;
    const priced = await this.priced(request, options.tip);
    const toleranceBps = toleranceBpsOf((await this.deps.pricing.current()).shortTolerancePercent) ?? 0;
    return this.deps.storage.write(async (uow) => {
      const existing = request.externalId === undefined ? null : await this.replayIn(uow, request.externalId, hash);
      if (existing) return existing;
      const inserted = await uow.payments.insert(
        this.newPayment(kind, request, priced.currency, priced.amount, hash, await this.uniqueMemo(uow)),
      );
      if (options.test) await uow.payments.markTest(inserted.id);
      if (priced.tip) await uow.payments.recordTip(inserted.id, priced.tip);
      if (priced.pricing || toleranceBps) await uow.payments.recordPricing(inserted.id, priced.pricing, toleranceBps);
      const payment = {
        ...inserted,
        test: options.test === true,
        tip: priced.tip,
        pricing: priced.pricing,
        toleranceBps,
      };
      const view = await this.views.present(uow, payment);
      const json = JSON.stringify(view);
      await this.record(uow, 'payment.created', payment.id, view, json);
      return { payment, view, json, replayed: false };
    });
  }

  private replayOf(request: DepositRequest, hash: string): Promise<CreateResult | null> {
    const { externalId } = request;
    if (externalId === undefined) return Promise.resolve(null);
    return this.deps.storage.read((view) => this.replayIn(view, externalId, hash));
  }

  private async replayIn(view: ReadView, externalId: string, hash: string): Promise<CreateResult | null> {
    const existing = await view.payments.findByExternalId(externalId);
    if (!existing) return null;
    const presented = await this.views.present(view, this.assertSameRequest(existing, hash));
    return { payment: existing, view: presented, json: JSON.stringify(presented), replayed: true };
  }

  /**
   * What a request asks the customer to pay: an amount of its asset, or for a fiat price the first
   * accepted asset's quote (the customer may choose another). `tip`: in base units of an asset price,
   * in minor units of a fiat one; kept as its share of the amount.
   */
  private async priced(request: DepositRequest, tip: bigint | undefined): Promise<PricedRequest> {
    const { currency } = request;
    if (isAssetPriced(currency)) {
      this.assertAccepted(currency);
      const amount = this.checkedAmount(request.amount, currency);
      if (tip !== undefined && tip >= amount) throw invalidInput('tip', 'must be less than the amount');
      return { currency, amount, tip: tip ?? 0n, pricing: null };
    }
    const priceMinor = parseFiatPrice(request.amount, currency);
    if (tip !== undefined && tip >= priceMinor) throw invalidInput('tip', 'must be less than the amount');
    const accepted = this.deps.policy.acceptedAssets?.() ?? ASSET_CODES;
    const rates = await this.deps.rates.ratesFor(currency, accepted);
    const pricing = quotePrice(priceMinor, currency, rates, this.deps.policy.maxAmount);
    const [first] = pricing.quotes;
    if (!first) throw rateUnavailable(`no rate for ${currency}`);
    return { currency: first.asset, amount: first.amount, tip: ((tip ?? 0n) * first.amount) / priceMinor, pricing };
  }

  /**
   * The customer chose to pay a fiat-priced payment in `asset` (at the checkout, the widget or the
   * till): it now asks that asset's locked quote. Choosing the asset it is in changes nothing.
   */
  chooseAsset(id: string, asset: AssetCode): Promise<Payment> {
    return this.deps.storage.write(async (uow) => {
      const payment = await this.getIn(uow, id);
      const quote = assertChoosable(payment, asset);
      if (payment.currency === asset) return payment;
      return this.switchAsset(uow, payment, quote);
    });
  }

  /**
   * A transfer in `asset` arrived for a fiat-priced payment in another quoted asset with nothing paid
   * yet: the payment switches to that quote before the credit, so whichever asset is paid settles it.
   * Returns the payment unchanged where it cannot switch (then the transfer does not match it).
   */
  async settleIn(uow: UnitOfWork, payment: Payment, asset: AssetCode): Promise<Payment> {
    const quote = quoteIn(payment, asset);
    return quote && canSwitchTo(payment, asset) ? this.switchAsset(uow, payment, quote) : payment;
  }

  private async switchAsset(uow: UnitOfWork, payment: Payment, quote: Quote): Promise<Payment> {
    const updated = switchedTo(payment, quote, this.deps.clock.now());
    await uow.payments.switchAsset(updated);
    await this.record(uow, 'payment.asset_chosen', updated.id, await this.views.present(uow, updated));
    return updated;
  }

  private assertAccepted(asset: AssetCode): void {
    const accepted = this.deps.policy.acceptedAssets?.();
    if (!accepted || accepted.includes(asset)) return;
    throw invalidInput('currency', `This store does not take ${asset} payments; it takes ${accepted.join(' and ')}`);
  }

  private checkedAmount(text: string, asset: AssetCode): bigint {
    const parsed = parseAmount(text, this.deps.policy.maxAmount(asset), asset);
    if (!parsed.ok) throw invalidInput('amount', parsed.message);
    return parsed.value;
  }

  private assertSameRequest(existing: Payment, hash: string): Payment {
    if (existing.requestHash === hash) return existing;
    throw idempotencyConflict(
      `externalId ${existing.externalId} was already used with a different request (payment ${existing.id})`,
      'externalId',
    );
  }

  private newPayment(
    kind: PaymentKind,
    r: DepositRequest | WidgetSessionRequest,
    currency: AssetCode,
    amount: bigint,
    hash: string,
    memo: string,
  ): NewPayment {
    const now = this.deps.clock.now();
    const expirySeconds = r.expiresInSeconds ?? this.deps.policy.defaultExpirySeconds;
    return {
      id: newId('pay'),
      kind,
      status: 'pending',
      amount,
      paidAmount: 0n,
      overpaidAmount: 0n,
      refundedAmount: 0n,
      currency,
      mainCurrency: 'TON',
      externalId: r.externalId ?? null,
      requestHash: hash,
      memo,
      address: this.deps.chain.merchantAddress,
      description: r.description ?? null,
      customer: r.customer ?? null,
      callbackUrl: r.callbackUrl ?? null,
      successUrl: r.successUrl ?? null,
      failUrl: r.failUrl ?? null,
      metadata: r.metadata ?? null,
      allowedOrigins: 'allowedOrigins' in r && r.allowedOrigins ? r.allowedOrigins : null,
      late: false,
      expiresAt: now + expirySeconds * 1000,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async uniqueMemo(uow: UnitOfWork): Promise<string> {
    for (;;) {
      const memo = newMemo();
      if (!(await uow.payments.findByMemo(memo))) return memo;
    }
  }

  cancel(id: string): Promise<Payment> {
    return this.deps.storage.write(async (uow) => {
      const payment = await this.getIn(uow, id);
      if (!canTransition(payment.status, 'cancelled')) {
        throw invalidTransition(`payment is ${payment.status}; only a pending payment can be cancelled`);
      }
      return this.change(uow, { ...payment, status: 'cancelled', updatedAt: this.deps.clock.now() }, [
        'payment.cancelled',
      ]);
    });
  }

  /** Moves open payments past their expiry to `expired`; returns how many moved. */
  expireDue(batchSize = 500): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.storage.write(async (uow) => {
      const due = await uow.payments.dueForExpiry(now, batchSize);
      for (const payment of due)
        await this.change(uow, { ...payment, status: 'expired', updatedAt: now }, ['payment.expired']);
      return due.length;
    });
  }

  /**
   * Credits a transfer seen on chain to `payment` (read in this unit of work). Chain time decides
   * lateness and whether the monitoring window has closed: a watcher that was down must not make
   * an on-time payment late.
   */
  /**
   * `transfers`: every transfer credited to the payment once this one is, oldest first, which the
   * watcher's batch knows without reading them back (its own are not written yet).
   */
  creditFromChain(
    uow: UnitOfWork,
    payment: Payment,
    amount: bigint,
    chainTimeMs: number,
    transfers: readonly CreditedTransfer[],
  ): Promise<Payment> {
    return this.credit(uow, payment, amount, chainTimeMs, this.deps.policy.monitoringWindowSeconds * 1000, transfers);
  }

  /** Credits a transfer the merchant attached by hand: the decision overrides the monitoring window. */
  creditByMerchant(uow: UnitOfWork, payment: Payment, amount: bigint): Promise<Payment> {
    return this.credit(uow, payment, amount, this.deps.clock.now(), Number.MAX_SAFE_INTEGER);
  }

  private credit(
    uow: UnitOfWork,
    payment: Payment,
    amount: bigint,
    at: number,
    windowMs: number,
    transfers?: readonly CreditedTransfer[],
  ): Promise<Payment> {
    const outcome = applyCredit(payment, amount, at, windowMs);
    return this.change(
      uow,
      { ...payment, ...outcome.next, updatedAt: this.deps.clock.now() },
      outcome.events,
      transfers,
    );
  }

  /**
   * The only way a payment's state is written: the row and its events go together. `transfers`: the
   * payment's credited transfers when the caller knows them all, saving a read per credit while the
   * watcher catches up.
   */
  private async change(
    uow: UnitOfWork,
    updated: Payment,
    events: ChangeEvents,
    transfers?: readonly CreditedTransfer[],
  ): Promise<Payment> {
    await uow.payments.updateState(updated);
    const data = await this.views.present(uow, updated, transfers);
    for (const type of events) await this.record(uow, type, updated.id, data);
    return updated;
  }

  /** The public record inside a unit of work: for the events of other domains that carry the payment (refunds). */
  presentIn(view: ReadView, payment: Payment): Promise<PublicPayment> {
    return this.views.present(view, payment);
  }

  /** A refund left the wallet, or came back bounced: what the payment shows as refunded. Its status never changes. */
  async setRefunded(uow: UnitOfWork, payment: Payment, refundedAmount: bigint): Promise<Payment> {
    const updated = { ...payment, refundedAmount, updatedAt: this.deps.clock.now() };
    await uow.payments.setRefunded(updated);
    this.views.evict(payment.id);
    return updated;
  }

  private record(
    uow: UnitOfWork,
    type: PaymentEventType,
    paymentId: string,
    data: PublicPayment,
    json?: string,
  ): Promise<StoredEvent> {
    // the view cache is evicted by events: a silent write would leave every status poll stale
    this.views.evict(paymentId);
    return this.deps.events.record(uow, type, paymentId, data, json);
  }

  private async getIn(view: ReadView, id: string): Promise<Payment> {
    const payment = await view.payments.findById(id);
    if (!payment) throw paymentNotFound(id);
    return payment;
  }

  get(id: string): Promise<Payment> {
    return this.deps.storage.read((view) => this.getIn(view, id));
  }

  /** When the first payment in `currency` was created (epoch ms); null before any. */
  firstCreatedAt(currency: AssetCode): Promise<number | null> {
    return this.deps.storage.read((view) => view.payments.firstCreatedAt(currency));
  }

  find(id: string): Promise<Payment | null> {
    return this.deps.storage.read((view) => view.payments.findById(id));
  }

  present(p: Payment): Promise<PublicPayment> {
    return this.views.presentCommitted(p);
  }

  /** The public record by id, as the status endpoints serve it (status pages poll this). */
  view(id: string): Promise<PublicPayment> {
    return this.views.view(id);
  }

  /** The same record already serialised: a status poll then costs a map lookup (a string at once, no promise). */
  viewJson(id: string): string | Promise<string> {
    return this.views.json(id);
  }

  /** Every event recorded about the payment, oldest first. */
  timeline(id: string): Promise<StoredEvent[]> {
    return this.deps.storage.read((view) => view.events.forPayment(id));
  }

  list(filter: PaymentFilter): Promise<Payment[]> {
    return this.deps.storage.read((view) => view.payments.list(filter));
  }

  /** The console's list: filters, a search box (id, memo or the start of an externalId), keyset pages. */
  search(filter: PaymentSearch): Promise<Payment[]> {
    return this.deps.storage.read((view) => view.payments.search(filter));
  }

  /** The dashboard's figures leave test payments out unless `includeTest`, as the close does. */
  countByStatus(includeTest = false): Promise<Record<PaymentStatus, number>> {
    return this.deps.storage.read((view) => view.payments.countByStatus(includeTest));
  }

  /** Figures are per asset: amounts in two assets are never added up. */
  paidVolume(from: number, to: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume> {
    return this.deps.storage.read((view) => view.payments.paidVolume(from, to, includeTest, currency));
  }

  /**
   * Payments an unmatched transfer of `due` in `asset` (sent at `at`) most likely belongs to: open, or
   * expired within the last RECENT_EXPIRY_MS, in the same asset, still wanting exactly that much;
   * nearest in time first.
   */
  async suggestFor(due: bigint, asset: AssetCode, at: number, limit: number): Promise<Payment[]> {
    const since = this.deps.clock.now() - RECENT_EXPIRY_MS;
    const candidates = await this.deps.storage.read((view) =>
      view.payments.withDueAmount(due, since, SUGGESTION_CANDIDATES, asset),
    );
    return candidates.sort((a, b) => Math.abs(a.createdAt - at) - Math.abs(b.createdAt - at)).slice(0, limit);
  }

  dailyPaidVolume(origin: number, days: number, includeTest: boolean, currency: AssetCode): Promise<PaidVolume[]> {
    return this.deps.storage.read((view) => view.payments.dailyPaidVolume(origin, days, includeTest, currency));
  }

  /**
   * The daily close over [from, to) of the payments in one asset, payments and refunds read from one
   * committed state so they agree.
   */
  closeOfDay(
    from: number,
    to: number,
    includeTest: boolean,
    currency: AssetCode,
  ): Promise<CloseOfDayFigures & { refunded: PaidVolume }> {
    return this.deps.storage.read(async (view) => ({
      ...(await view.payments.closeOfDay(from, to, includeTest, currency)),
      refunded: await view.refunds.sentVolume(from, to, includeTest, currency),
    }));
  }
}
