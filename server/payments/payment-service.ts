import type {
  DepositRequest,
  PaymentEventType,
  PaymentKind,
  PublicPayment,
  WidgetSessionRequest,
} from '../../contract/payments';
import { idempotencyConflict, invalidTransition } from '../domain/errors';
import type { EventBus } from '../events/event-bus';
import type { StoredEvent } from '../storage/records';
import type { EventLog } from '../events/event-log';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import { isAssetPriced } from '../../contract/price-schemas';
import { CreationPricing, type CreationPricingDeps } from './creation-pricing';
import { assertChoosable, canSwitchTo, quoteIn, switchedTo } from './fiat-pricing';
import { newPaymentRow, requestHash, uniqueMemo } from './new-payment';
import type { ChainInfo } from './payment-links';
import type { CreditedTransfer } from '../storage/records';
import { applyCredit, canTransition, type ChangeEvents } from './payment-state';
import type { Payment, Quote } from '../storage/records';
import { PaymentViews } from './payment-views';
import { PaymentReads } from './payment-reads';

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

export interface PaymentServiceDeps {
  rates: CreationPricingDeps['rates'];
  pricing: CreationPricingDeps['pricing'];
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

/**
 * Owns every payment state change: each one runs the state machine, writes the row and records an
 * event for it, in one unit of work. Every read of a payment from outside this folder comes here.
 */
export class PaymentService extends PaymentReads {
  private readonly pricing: CreationPricing;

  constructor(private readonly deps: PaymentServiceDeps) {
    super(deps.storage, new PaymentViews(deps.storage, deps.bus, deps.chain, deps.publicUrl), deps.clock);
    // read through the policy at each creation: a restart in place changes what the store takes
    this.pricing = new CreationPricing({
      rates: deps.rates,
      pricing: deps.pricing,
      maxAmount: (asset) => deps.policy.maxAmount(asset),
      acceptedAssets: () => deps.policy.acceptedAssets?.() ?? ASSET_CODES,
    });
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
    const priced = await this.pricing.priced(request, options.tip);
    const toleranceBps = await this.pricing.toleranceBps();
    return this.deps.storage.write(async (uow) => {
      const existing = request.externalId === undefined ? null : await this.replayIn(uow, request.externalId, hash);
      if (existing) return existing;
      const inserted = await uow.payments.insert(
        newPaymentRow({
          kind,
          request,
          priced,
          hash,
          memo: await uniqueMemo(uow),
          address: this.deps.chain.merchantAddress,
          defaultExpirySeconds: this.deps.policy.defaultExpirySeconds,
          now: this.deps.clock.now(),
          toleranceBps,
        }),
      );
      if (options.test) await uow.payments.markTest(inserted.id);
      if (priced.tip) await uow.payments.recordTip(inserted.id, priced.tip);
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

  private assertSameRequest(existing: Payment, hash: string): Payment {
    if (existing.requestHash === hash) return existing;
    throw idempotencyConflict(
      `externalId ${existing.externalId} was already used with a different request (payment ${existing.id})`,
      'externalId',
    );
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
   *
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
}
