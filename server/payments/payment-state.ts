import type { Payment } from '../storage/records';
import type { PaymentEventType, PaymentStatus } from '../../contract/payments';

/** Every move the state machine allows; anything else is refused. */
const TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['partially_paid', 'paid', 'expired', 'cancelled'],
  partially_paid: ['paid', 'expired'],
  // A late transfer can still complete an expired payment inside the monitoring window.
  expired: ['paid'],
  paid: [],
  cancelled: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isOpen(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'partially_paid';
}

/** At least one event: a change nobody is told about is exactly how a credit went invisible. */
export type ChangeEvents = readonly [PaymentEventType, ...PaymentEventType[]];

export interface CreditOutcome {
  next: Pick<Payment, 'status' | 'paidAmount' | 'overpaidAmount' | 'late' | 'paidAt'>;
  events: ChangeEvents;
}

/**
 * Closed: the merchant cancelled it, or it expired and the monitoring window has passed. Money
 * that still arrives is recorded on the payment (the merchant must see it to refund it) but never
 * reopens or completes it.
 */
function isClosed(payment: Payment, at: number, monitoringWindowMs: number): boolean {
  return (
    payment.status === 'cancelled' || (payment.status === 'expired' && at > payment.expiresAt + monitoringWindowMs)
  );
}

/**
 * The least that settles a payment: its amount less the short payment the store tolerates (rounded in
 * the store's disfavour: a 0.5 % tolerance of 1.000001 USDT forgives 0.005000, not 0.005001).
 */
export function settlingAmount(payment: Pick<Payment, 'amount' | 'toleranceBps'>): bigint {
  return payment.amount - (payment.amount * BigInt(payment.toleranceBps)) / 10_000n;
}

/** What a payment settled inside its tolerance lacks of its amount (0n otherwise): shown, never hidden. */
export function toleratedShortfall(payment: Pick<Payment, 'status' | 'amount' | 'paidAmount'>): bigint {
  return payment.status === 'paid' && payment.paidAmount < payment.amount ? payment.amount - payment.paidAmount : 0n;
}

/**
 * What crediting `amount` at chain time `at` does to a payment. Every credit raises paidAmount,
 * in every state, and is announced by at least one event; overpaidAmount is always the part of
 * paidAmount beyond the amount.
 */
export function applyCredit(payment: Payment, amount: bigint, at: number, monitoringWindowMs: number): CreditOutcome {
  const paidAmount = payment.paidAmount + amount;
  const overpaidAmount = paidAmount > payment.amount ? paidAmount - payment.amount : 0n;
  const credited = { status: payment.status, paidAmount, overpaidAmount, late: payment.late, paidAt: payment.paidAt };
  if (isClosed(payment, at, monitoringWindowMs)) return { next: credited, events: ['payment.credited_after_close'] };
  if (payment.status === 'paid') return { next: credited, events: ['payment.overpaid'] };
  if (paidAmount < settlingAmount(payment)) {
    // expiry is not undone by a part: the rest can still complete it inside the window
    return payment.status === 'expired'
      ? { next: credited, events: ['payment.late_partially_paid'] }
      : { next: { ...credited, status: 'partially_paid' }, events: ['payment.partially_paid'] };
  }
  const late = at > payment.expiresAt;
  const events: [PaymentEventType, ...PaymentEventType[]] = ['payment.paid'];
  if (late) events.push('payment.late');
  if (overpaidAmount > 0n) events.push('payment.overpaid');
  return { next: { status: 'paid', paidAmount, overpaidAmount, late, paidAt: at }, events };
}
