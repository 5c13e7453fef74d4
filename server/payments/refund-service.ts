import { formatAmount, formatMoney, parseAmount } from '../../contract/amount';
import { ASSETS, type AssetCode } from '../../contract/asset';
import type { CreateRefundRequest, OutgoingTransfer, PublicRefund } from '../../contract/refunds';
import type { WalletMovement } from '../chain/types';
import { invalidInput, invalidTransition, notFound } from '../domain/errors';
import type { EventLog } from '../events/event-log';
import type { LockedRate, RatesPort } from '../rates/rates-port';
import type { RefundRecord } from '../storage/ledger-repositories';
import type { Payment } from '../storage/records';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId, newRefundMemo, normalizeMemo } from '../util/ids';
import type { ChainInfo } from './payment-links';
import type { PaymentService } from './payment-service';
import { checkRefundDestination } from './refund-destination';
import { currentRefundRate, fiatRefundAmount } from './refund-fiat-amount';
import { RefundMovements } from './refund-movements';
import { heldByRefunds, paymentIn, RefundTransitions, sameAccount } from './refund-transitions';

export interface RefundServiceDeps {
  storage: Storage;
  payments: PaymentService;
  events: EventLog;
  clock: Clock;
  chain: ChainInfo;
  /** today's rate, for a refund stated in fiat at the current rate */
  rates: RatesPort;
}

/** Without an amount: the overpaid excess not yet refunded, or else everything paid and not yet refunded. */
function defaultRefundAmount(payment: Pick<Payment, 'overpaidAmount'>, held: bigint, available: bigint): bigint {
  const excessLeft = payment.overpaidAmount - held;
  return excessLeft > 0n && excessLeft < available ? excessLeft : available;
}

/**
 * Refunds, which the merchant's own wallet signs: the service never holds a key. It keeps what was
 * asked for, never more than was paid (the check and the insert share one unit of work, so requests
 * racing each other are answered one after the other), and moves a refund along as the watcher
 * reports what left the wallet or came back.
 */
export class RefundService {
  private readonly transitions: RefundTransitions;
  private readonly movements: RefundMovements;

  constructor(private readonly deps: RefundServiceDeps) {
    this.transitions = new RefundTransitions(deps);
    this.movements = new RefundMovements(this.transitions, deps.clock);
  }

  /**
   * A fiat refund at today's rate (basis 'current') reads the rate before the unit of work, as a
   * live source may take a moment.
   */
  async create(paymentId: string, request: CreateRefundRequest, createdBy: string): Promise<PublicRefund> {
    const destination = request.destination === undefined ? null : this.checkedDestination(request.destination);
    if (request.fiat && request.amount !== undefined)
      throw invalidInput('fiat', 'state the refund as amount (in the asset) or as fiat, not both');
    const current = request.fiat?.basis === 'current' ? (await this.currentRate(paymentId)).rate : null;
    return this.deps.storage.write(async (uow) => {
      const payment = await paymentIn(uow, paymentId);
      // the refund goes back in the asset that was paid, so its amount is read with that asset's decimals
      const asset = payment.currency;
      const stated = request.fiat ? fiatRefundAmount(payment, request.fiat, current) : null;
      const asked = stated?.amount ?? (request.amount === undefined ? null : this.checkedAmount(request.amount, asset));
      const held = heldByRefunds(await uow.refunds.forPayment(payment.id));
      const available = payment.paidAmount - held;
      if (available <= 0n) {
        throw invalidTransition(
          payment.paidAmount === 0n
            ? 'nothing has been paid to this payment, so there is nothing to refund'
            : `everything paid (${formatMoney(payment.paidAmount, asset)}) is already refunded or awaiting a refund`,
          'amount',
        );
      }
      const amount = asked ?? defaultRefundAmount(payment, held, available);
      if (amount > available)
        throw invalidInput(
          stated ? 'fiat.amount' : 'amount',
          `${stated ? `comes to ${formatMoney(amount, asset)}; ` : ''}at most ${formatMoney(available, asset)} of this payment can still be refunded`,
        );
      const now = this.deps.clock.now();
      const refund = await uow.refunds.insert({
        id: newId('rfd', now),
        paymentId: payment.id,
        status: 'awaiting_signature',
        amount,
        destination: destination ?? (await this.payerOf(uow, payment)),
        memo: await this.uniqueMemo(uow),
        reason: request.reason ?? null,
        txHash: null,
        queryId: null,
        createdBy,
        createdAt: now,
        updatedAt: now,
        fiat: stated?.fiat ?? null,
      });
      await uow.audit.append({
        at: now,
        actor: createdBy,
        action: 'refund.create',
        target: payment.id,
        detail: {
          refundId: refund.id,
          amount: formatAmount(amount, asset),
          asset,
          ...(stated ? { fiat: stated.fiat } : {}),
        },
      });
      return this.transitions.announce(uow, 'refund.created', refund, payment);
    });
  }

  /** Today's rate of a fiat-priced payment's price currency for its paid asset (400 `fiat` for an asset-priced one, 503 without a rate). */
  async currentRate(paymentId: string): Promise<{ currency: string; rate: LockedRate }> {
    const payment = await this.deps.storage.read((view) => paymentIn(view, paymentId));
    const rate = await currentRefundRate(payment, this.deps.rates);
    return { currency: payment.pricing!.price.currency, rate };
  }

  /** A refund by id alone (the sandbox's simulator, which plays the merchant's wallet). */
  async find(refundId: string): Promise<RefundRecord> {
    const refund = await this.deps.storage.read((view) => view.refunds.findById(refundId));
    if (!refund) throw notFound(`refund ${refundId}`);
    return refund;
  }

  /** A refund and the asset it goes back in: the one its payment was paid in. */
  findWithAsset(refundId: string): Promise<{ refund: RefundRecord; asset: AssetCode }> {
    return this.deps.storage.read(async (view) => {
      const refund = await view.refunds.findById(refundId);
      if (!refund) throw notFound(`refund ${refundId}`);
      return { refund, asset: (await paymentIn(view, refund.paymentId)).currency };
    });
  }

  async view(refundId: string): Promise<PublicRefund> {
    const { refund, asset } = await this.findWithAsset(refundId);
    return this.transitions.present(refund, asset);
  }

  list(paymentId: string): Promise<PublicRefund[]> {
    return this.deps.storage.read(async (view) => {
      const payment = await paymentIn(view, paymentId);
      return (await view.refunds.forPayment(payment.id)).map((r) => this.transitions.present(r, payment.currency));
    });
  }

  /** The wallet's recent sends and bounces, newest first, each with the refund it sent: the rest no refund explains. */
  outgoing(account: string, limit: number): Promise<OutgoingTransfer[]> {
    return this.deps.storage.read(async (view) =>
      Promise.all(
        (await view.movements.list(account, limit)).map(async (m) => {
          const refund =
            m.kind === 'sent' && m.comment ? await view.refunds.findByMemo(normalizeMemo(m.comment)) : null;
          return {
            txHash: m.txHash,
            at: new Date(m.utime * 1000).toISOString(),
            kind: m.kind,
            asset: m.asset,
            amount: formatAmount(m.amount, m.asset),
            counterparty: m.counterparty,
            comment: m.comment,
            refund:
              refund?.txHash === m.txHash
                ? { id: refund.id, paymentId: refund.paymentId, status: refund.status }
                : null,
          };
        }),
      ),
    );
  }

  /**
   * The merchant takes back a refund not sent yet; once the wallet has sent it, only a bounce undoes it.
   * A wallet that already had its QR code open may still send it: then it turns `sent` after all.
   * `cancelledBy` is who asked, as the audit log names them ('api', 'owner').
   */
  cancel(paymentId: string, refundId: string, cancelledBy: string): Promise<PublicRefund> {
    return this.deps.storage.write(async (uow) => {
      const payment = await paymentIn(uow, paymentId);
      const refund = await uow.refunds.findById(refundId);
      if (!refund || refund.paymentId !== payment.id) throw notFound(`refund ${refundId}`);
      if (refund.status !== 'awaiting_signature')
        throw invalidTransition(
          `refund is ${refund.status}; only one awaiting its signature can be cancelled`,
          'refundId',
        );
      await uow.audit.append({
        at: this.deps.clock.now(),
        actor: cancelledBy,
        action: 'refund.cancel',
        target: payment.id,
        detail: { refundId, amount: formatAmount(refund.amount, payment.currency), asset: payment.currency },
      });
      return this.transitions.move(
        uow,
        'refund.cancelled',
        { ...refund, status: 'cancelled' },
        payment,
        payment.refundedAmount,
      );
    });
  }

  /** The address that paid, when exactly one did. */
  private async payerOf(view: ReadView, payment: Payment): Promise<string> {
    const payers: string[] = [];
    for (const { from } of await view.transfers.creditedTo(payment.id)) {
      if (from && !payers.some((known) => sameAccount(known, from))) payers.push(from);
    }
    if (payers.length === 1) return payers[0]!;
    throw invalidInput(
      'destination',
      payers.length === 0
        ? 'is required: no paying address is known for this payment'
        : `is required: ${payers.length} addresses paid this payment (${payers.join(', ')}); choose the one to refund`,
    );
  }

  private async uniqueMemo(view: ReadView): Promise<string> {
    for (;;) {
      const memo = newRefundMemo();
      if (!(await view.refunds.findByMemo(memo))) return memo;
    }
  }

  private checkedAmount(text: string, asset: AssetCode): bigint {
    // the same ceiling in every asset's whole units: far above any store's takings, well within bigint
    const parsed = parseAmount(text, 10n ** (15n + BigInt(ASSETS[asset].decimals)), asset);
    if (!parsed.ok) throw invalidInput('amount', parsed.message);
    return parsed.value;
  }

  private checkedDestination(text: string): string {
    const check = checkRefundDestination(text);
    if (!check.ok) throw invalidInput('destination', check.message);
    return text;
  }

  /** What the watcher saw the wallet do, in the watcher's own unit of work (so with its cursor). */
  applyMovements(uow: UnitOfWork, movements: readonly WalletMovement[]): Promise<void> {
    return this.movements.applyMovements(uow, movements);
  }

  present(r: RefundRecord, asset: AssetCode): PublicRefund {
    return this.transitions.present(r, asset);
  }
}
