import type { Payment, PaymentEventType, PaymentStatus } from './payment-types';

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

export interface CreditOutcome {
  next: Pick<Payment, 'status' | 'paidAmount' | 'overpaidAmount' | 'late' | 'paidAt'>;
  events: PaymentEventType[];
}

/**
 * What crediting `amount` does to a payment at time `now`. Returns null when the payment can no
 * longer take money (cancelled, or expired past the monitoring window): the transfer then goes
 * to the unmatched inbox instead.
 */
export function applyCredit(payment: Payment, amount: bigint, now: number, monitoringWindowMs: number): CreditOutcome | null {
  if (payment.status === 'cancelled') return null;
  if (payment.status === 'expired' && now > payment.expiresAt + monitoringWindowMs) return null;
  const paidAmount = payment.paidAmount + amount;
  if (payment.status === 'paid') {
    return {
      next: { ...pickState(payment), paidAmount, overpaidAmount: paidAmount - payment.amount },
      events: ['payment.overpaid'],
    };
  }
  if (paidAmount < payment.amount) {
    const events: PaymentEventType[] = payment.status === 'expired' ? [] : ['payment.partially_paid'];
    const status = payment.status === 'expired' ? 'expired' : 'partially_paid';
    return { next: { ...pickState(payment), status, paidAmount }, events };
  }
  const late = now > payment.expiresAt;
  const overpaidAmount = paidAmount - payment.amount;
  const events: PaymentEventType[] = ['payment.paid'];
  if (late) events.push('payment.late');
  if (overpaidAmount > 0n) events.push('payment.overpaid');
  return { next: { status: 'paid', paidAmount, overpaidAmount, late, paidAt: now }, events };
}

function pickState(p: Payment): CreditOutcome['next'] {
  return { status: p.status, paidAmount: p.paidAmount, overpaidAmount: p.overpaidAmount, late: p.late, paidAt: p.paidAt };
}
