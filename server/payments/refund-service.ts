import { formatAmount, formatMoney, parseAmount } from '../../contract/amount';
import { ASSETS, type AssetCode } from '../../contract/asset';
import type { PaymentEventType } from '../../contract/payments';
import {
  REFUND_STATUSES_HOLDING,
  type CreateRefundRequest,
  type OutgoingTransfer,
  type PublicRefund,
  type RefundEventData,
  type RefundStatus,
} from '../../contract/refunds';
import { isTonAddress, sameAddress } from '../chain/transfer-messages';
import type { WalletMovement } from '../chain/types';
import { invalidInput, invalidTransition, notFound, paymentNotFound } from '../domain/errors';
import type { EventLog } from '../events/event-log';
import type { RefundRecord } from '../storage/ledger-repositories';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId, newRefundMemo, normalizeMemo } from '../util/ids';
import { transferLinks, type ChainInfo } from './payment-links';
import { checkRefundDestination } from './refund-destination';
import { currentRefundRate, fiatRefundAmount } from './refund-fiat-amount';
import type { LockedRate, RatesPort } from '../rates/rates-port';
import type { PaymentService } from './payment-service';
import type { Payment } from '../storage/records';

/** What a refund event says besides the refund and its payment. */
type RefundEventNote = Pick<RefundEventData, 'sentAfterCancel'>;

export interface RefundServiceDeps {
  storage: Storage;
  payments: PaymentService;
  events: EventLog;
  clock: Clock;
  chain: ChainInfo;
  /** today's rate, for a refund stated in fiat at the current rate */
  rates: RatesPort;
}

/** The same account, whichever form (raw, bounceable, test-only) each side wrote it in. */
const sameAccount = (a: string | null, b: string): boolean => !!a && isTonAddress(a) && sameAddress(a, b);

/**
 * Who the audit log names for what the watcher saw the store's wallet do: the wallet app that signed
 * it, whoever held it.
 */
const STORE_WALLET_ACTOR = 'wallet';

/**
 * The states from which a send with a refund's memo, amount and destination turns it `sent`. A
 * cancelled one too: a wallet app that scanned its QR code before the cancel knows nothing of it,
 * and money that left the wallet as the refund is the refund, whatever the service said meanwhile.
 */
const SENDABLE: readonly RefundStatus[] = ['awaiting_signature', 'cancelled'];

const holds = (status: RefundStatus): boolean => (REFUND_STATUSES_HOLDING as readonly RefundStatus[]).includes(status);

/** What refunds already hold of a payment: those sent, and those that may still be. */
function heldByRefunds(refunds: readonly RefundRecord[]): bigint {
  return refunds.reduce((sum, r) => (holds(r.status) ? sum + r.amount : sum), 0n);
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
  constructor(private readonly deps: RefundServiceDeps) {}

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
      const payment = await this.paymentIn(uow, paymentId);
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
      return this.announce(uow, 'refund.created', refund, payment);
    });
  }

  /** Today's rate of a fiat-priced payment's price currency for its paid asset (400 `fiat` for an asset-priced one, 503 without a rate). */
  async currentRate(paymentId: string): Promise<{ currency: string; rate: LockedRate }> {
    const payment = await this.deps.storage.read((view) => this.paymentIn(view, paymentId));
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
      return { refund, asset: (await this.paymentIn(view, refund.paymentId)).currency };
    });
  }

  async view(refundId: string): Promise<PublicRefund> {
    const { refund, asset } = await this.findWithAsset(refundId);
    return this.present(refund, asset);
  }

  list(paymentId: string): Promise<PublicRefund[]> {
    return this.deps.storage.read(async (view) => {
      const payment = await this.paymentIn(view, paymentId);
      return (await view.refunds.forPayment(payment.id)).map((r) => this.present(r, payment.currency));
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
      const payment = await this.paymentIn(uow, paymentId);
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
      return this.move(uow, 'refund.cancelled', { ...refund, status: 'cancelled' }, payment, payment.refundedAmount);
    });
  }

  /**
   * What the watcher saw the wallet do, in the watcher's own unit of work (so with its cursor):
   * a send with a refund's memo, exact amount and destination sends that refund (even a cancelled
   * one); the jettons of a sent refund coming back fail it. Anything else stays an outgoing transfer
   * the books list.
   */
  async applyMovements(uow: UnitOfWork, movements: readonly WalletMovement[]): Promise<void> {
    for (const movement of movements) {
      if (movement.kind === 'sent') await this.matchSent(uow, movement);
      else await this.matchReturned(uow, movement);
    }
  }

  private async matchSent(uow: UnitOfWork, sent: WalletMovement): Promise<void> {
    if (!sent.comment) return;
    const refund = await uow.refunds.findByMemo(normalizeMemo(sent.comment));
    if (
      !refund ||
      !SENDABLE.includes(refund.status) ||
      refund.amount !== sent.amount ||
      !sameAccount(sent.counterparty, refund.destination)
    )
      return;
    const payment = await this.paymentIn(uow, refund.paymentId);
    // a refund goes back in the asset that was paid: the same number of nanotons is not the same refund in USDT
    if (payment.currency !== sent.asset) return;
    const next: RefundRecord = { ...refund, status: 'sent', txHash: sent.txHash, queryId: sent.queryId };
    const afterCancel = refund.status === 'cancelled';
    if (afterCancel) await this.auditSentAfterCancel(uow, next, payment);
    await this.move(
      uow,
      'refund.sent',
      next,
      payment,
      payment.refundedAmount + refund.amount,
      afterCancel ? { sentAfterCancel: true } : {},
    );
  }

  /**
   * A cancelled refund the wallet sent anyway now counts again. Refunds asked for since its cancel
   * stay as they are (the merchant asked for them, and one may be on its way); when they and the sent
   * ones now promise more than was paid, the entry says by how much, and no new refund fits.
   */
  private async auditSentAfterCancel(uow: UnitOfWork, sent: RefundRecord, payment: Payment): Promise<void> {
    const heldNow = heldByRefunds(await uow.refunds.forPayment(payment.id)) + sent.amount;
    const excess = heldNow - payment.paidAmount;
    await uow.audit.append({
      at: this.deps.clock.now(),
      actor: STORE_WALLET_ACTOR,
      action: 'refund.sent_after_cancel',
      target: payment.id,
      detail: {
        refundId: sent.id,
        amount: formatAmount(sent.amount, payment.currency),
        asset: payment.currency,
        txHash: sent.txHash,
        ...(excess > 0n ? { exceedsPaidBy: formatAmount(excess, payment.currency) } : {}),
      },
    });
  }

  private async matchReturned(uow: UnitOfWork, returned: WalletMovement): Promise<void> {
    const refund = await this.bouncedRefund(uow, returned);
    if (!refund) return;
    const payment = await this.paymentIn(uow, refund.paymentId);
    if (payment.currency !== returned.asset) return;
    await this.move(
      uow,
      'refund.failed',
      { ...refund, status: 'failed' },
      payment,
      payment.refundedAmount - refund.amount,
    );
  }

  /**
   * The sent refund a bounce brings back. Jettons come back whole with the transfer's query id. A
   * Toncoin transfer has no query id and comes back less the fees, but its bounced body starts with
   * the comment: the memo (a refund memo is short enough to fit the 256 bits a bounce keeps).
   */
  private async bouncedRefund(uow: UnitOfWork, returned: WalletMovement): Promise<RefundRecord | null> {
    if (ASSETS[returned.asset].kind === 'jetton')
      return (await uow.refunds.sentWithQueryId(returned.queryId)).find((r) => r.amount === returned.amount) ?? null;
    if (!returned.comment) return null;
    const refund = await uow.refunds.findByMemo(normalizeMemo(returned.comment));
    return refund?.status === 'sent' && returned.amount <= refund.amount ? refund : null;
  }

  private async move(
    uow: UnitOfWork,
    type: PaymentEventType,
    refund: RefundRecord,
    payment: Payment,
    refunded: bigint,
    note: RefundEventNote = {},
  ): Promise<PublicRefund> {
    const updated = { ...refund, updatedAt: this.deps.clock.now() };
    await uow.refunds.update(updated);
    const after =
      refunded === payment.refundedAmount ? payment : await this.deps.payments.setRefunded(uow, payment, refunded);
    return this.announce(uow, type, updated, after, note);
  }

  private async announce(
    uow: UnitOfWork,
    type: PaymentEventType,
    refund: RefundRecord,
    payment: Payment,
    note: RefundEventNote = {},
  ): Promise<PublicRefund> {
    const view = this.present(refund, payment.currency);
    const data: RefundEventData = { refund: view, payment: await this.deps.payments.presentIn(uow, payment), ...note };
    await this.deps.events.record(uow, type, payment.id, data);
    return view;
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

  private async paymentIn(view: ReadView, id: string): Promise<Payment> {
    const payment = await view.payments.findById(id);
    if (!payment) throw paymentNotFound(id);
    return payment;
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

  present(r: RefundRecord, asset: AssetCode): PublicRefund {
    return {
      id: r.id,
      paymentId: r.paymentId,
      status: r.status,
      asset,
      amount: formatAmount(r.amount, asset),
      amountBaseUnits: r.amount.toString(),
      destination: r.destination,
      memo: r.memo,
      reason: r.reason,
      links: transferLinks(asset, r.destination, r.amount, r.memo, this.deps.chain),
      txHash: r.txHash,
      createdBy: r.createdBy,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      fiat: r.fiat && { ...r.fiat, fixedAt: new Date(r.fiat.fixedAt).toISOString() },
    };
  }
}
