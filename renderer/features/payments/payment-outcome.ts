import type { PublicPayment as Payment } from '../../../contract/payments';
import { formatFigure, formatAssetAmount, formatTime } from '../../lib/format';

/** Whether a customer may still pay this payment as shown: open, and not past its expiry (the sweep may lag). */
export const isPayable = (p: Payment, now: number): boolean =>
  (p.status === 'pending' || p.status === 'partially_paid') && now < Date.parse(p.expiresAt);

/** Any digit other than zero: a decimal string compared without a float. */
export const isNonZero = (amount: string): boolean => /[1-9]/.test(amount);

export interface Outcome {
  kind: 'paid' | 'expired' | 'cancelled';
  /** what happened, in one line */
  title: string;
  /** what to do about it */
  advice: string;
}

/** What became of a payment that can no longer be paid as shown, in the words a cashier needs. */
export function outcomeOf(p: Payment, now: number): Outcome | null {
  if (isPayable(p, now)) return null;
  if (p.status === 'paid') {
    return {
      kind: 'paid',
      title: 'Paid — thank you!',
      advice: isNonZero(p.overpaidAmount)
        ? `${formatAssetAmount(p.overpaidAmount, p.currency)} more than due was received: refund it.`
        : 'Paid in full.',
    };
  }
  const received = isNonZero(p.paidAmount);
  const part = `${formatFigure(p.paidAmount)} of ${formatAssetAmount(p.amount, p.currency)}`;
  if (p.status === 'cancelled') {
    return received
      ? {
          kind: 'cancelled',
          title: `Cancelled after ${part} was received: refund or settle`,
          advice: 'Refund the customer or settle the rest another way, then start a new sale.',
        }
      : { kind: 'cancelled', title: 'Cancelled', advice: 'Nothing was received. Start a new sale to charge again.' };
  }
  return received
    ? {
        kind: 'expired',
        title: `Expired after ${part} was received: refund or settle`,
        advice: 'Refund the customer or settle the rest another way, then start a new sale.',
      }
    : {
        kind: 'expired',
        title: `Expired at ${formatTime(p.expiresAt)} — nothing was received`,
        advice: 'Do not take a payment for it. Start a new sale to charge again.',
      };
}
