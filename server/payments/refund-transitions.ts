import { formatAmount } from '../../contract/amount';
import type { AssetCode } from '../../contract/asset';
import type { PaymentEventType } from '../../contract/payments';
import {
  REFUND_STATUSES_HOLDING,
  type PublicRefund,
  type RefundEventData,
  type RefundStatus,
} from '../../contract/refunds';
import { isTonAddress, sameAddress } from '../chain/transfer-messages';
import { paymentNotFound } from '../domain/errors';
import type { EventLog } from '../events/event-log';
import type { RefundRecord } from '../storage/ledger-repositories';
import type { Payment } from '../storage/records';
import type { ReadView, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { transferLinks, type ChainInfo } from './payment-links';
import type { PaymentService } from './payment-service';

/** What a refund event says besides the refund and its payment. */
export type RefundEventNote = Pick<RefundEventData, 'sentAfterCancel'>;

/** The same account, whichever form (raw, bounceable, test-only) each side wrote it in. */
export const sameAccount = (a: string | null, b: string): boolean => !!a && isTonAddress(a) && sameAddress(a, b);

const holds = (status: RefundStatus): boolean => (REFUND_STATUSES_HOLDING as readonly RefundStatus[]).includes(status);

/** What refunds already hold of a payment: those sent, and those that may still be. */
export function heldByRefunds(refunds: readonly RefundRecord[]): bigint {
  return refunds.reduce((sum, r) => (holds(r.status) ? sum + r.amount : sum), 0n);
}

export async function paymentIn(view: ReadView, id: string): Promise<Payment> {
  const payment = await view.payments.findById(id);
  if (!payment) throw paymentNotFound(id);
  return payment;
}

export interface RefundTransitionDeps {
  payments: PaymentService;
  events: EventLog;
  clock: Clock;
  chain: ChainInfo;
}

/**
 * A refund's every step, whoever takes it (the merchant's request, the watcher's report): the row
 * written, the payment's refunded amount with it, and the event, in the caller's unit of work.
 */
export class RefundTransitions {
  constructor(private readonly deps: RefundTransitionDeps) {}

  async move(
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

  async announce(
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
