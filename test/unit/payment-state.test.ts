import { describe, expect, it } from 'vitest';
import { applyCredit, canTransition, settlingAmount, toleratedShortfall } from '../../server/payments/payment-state';
import type { Payment } from '../../server/storage/records';

const HOUR = 3600_000;
const base: Payment = {
  seq: 1,
  id: 'pay_x',
  kind: 'invoice',
  status: 'pending',
  amount: 10_000_000n,
  paidAmount: 0n,
  overpaidAmount: 0n,
  refundedAmount: 0n,
  currency: 'USDT',
  mainCurrency: 'TON',
  externalId: null,
  requestHash: 'h',
  memo: 'TT-X',
  address: 'a',
  description: null,
  customer: null,
  callbackUrl: null,
  successUrl: null,
  failUrl: null,
  metadata: null,
  allowedOrigins: null,
  late: false,
  expiresAt: 10 * HOUR,
  paidAt: null,
  createdAt: 0,
  updatedAt: 0,
  test: false,
  tip: 0n,
  pricing: null,
  toleranceBps: 0,
};

describe('payment state machine', () => {
  it('allows only the documented moves', () => {
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('partially_paid', 'cancelled')).toBe(false);
    expect(canTransition('paid', 'expired')).toBe(false);
    expect(canTransition('cancelled', 'paid')).toBe(false);
    expect(canTransition('expired', 'paid')).toBe(true);
  });

  it('exact payment -> paid', () => {
    expect(applyCredit(base, 10_000_000n, HOUR, 24 * HOUR)).toEqual({
      next: { status: 'paid', paidAmount: 10_000_000n, overpaidAmount: 0n, late: false, paidAt: HOUR },
      events: ['payment.paid'],
    });
  });

  it('partial, then the rest', () => {
    const first = applyCredit(base, 4_000_000n, HOUR, 24 * HOUR);
    expect(first.next.status).toBe('partially_paid');
    const second = applyCredit({ ...base, ...first.next }, 6_000_000n, 2 * HOUR, 24 * HOUR);
    expect(second.next).toMatchObject({ status: 'paid', paidAmount: 10_000_000n });
  });

  it('over-payment and payment after paid raise overpaidAmount', () => {
    const over = applyCredit(base, 12_000_000n, HOUR, 24 * HOUR);
    expect(over.events).toEqual(['payment.paid', 'payment.overpaid']);
    const after = applyCredit({ ...base, ...over.next }, 1n, HOUR, 24 * HOUR);
    expect(after.next.overpaidAmount).toBe(2_000_001n);
    expect(after.events).toEqual(['payment.overpaid']);
  });

  it('completing an expired payment inside the monitoring window makes it paid late', () => {
    const expired = { ...base, status: 'expired' as const };
    expect(applyCredit(expired, 10_000_000n, 11 * HOUR, 24 * HOUR)).toEqual({
      next: { status: 'paid', paidAmount: 10_000_000n, overpaidAmount: 0n, late: true, paidAt: 11 * HOUR },
      events: ['payment.paid', 'payment.late'],
    });
  });

  it('a part after expiry, inside the window, is credited and announced; the payment stays expired', () => {
    const expired = { ...base, status: 'expired' as const };
    const part = applyCredit(expired, 4_000_000n, 11 * HOUR, 24 * HOUR);
    expect(part).toEqual({
      next: { status: 'expired', paidAmount: 4_000_000n, overpaidAmount: 0n, late: false, paidAt: null },
      events: ['payment.late_partially_paid'],
    });
    const rest = applyCredit({ ...expired, ...part.next }, 6_000_000n, 12 * HOUR, 24 * HOUR);
    expect(rest.next).toMatchObject({ status: 'paid', paidAmount: 10_000_000n, late: true });
  });

  it('money for a closed payment (cancelled, or expired past the window) is credited, announced, and reopens nothing', () => {
    const expired = { ...base, status: 'expired' as const };
    expect(applyCredit(expired, 12_000_000n, 35 * HOUR, 24 * HOUR)).toEqual({
      next: { status: 'expired', paidAmount: 12_000_000n, overpaidAmount: 2_000_000n, late: false, paidAt: null },
      events: ['payment.credited_after_close'],
    });
    const cancelled = applyCredit({ ...base, status: 'cancelled' }, 4_000_000n, HOUR, 24 * HOUR);
    expect(cancelled).toEqual({
      next: { status: 'cancelled', paidAmount: 4_000_000n, overpaidAmount: 0n, late: false, paidAt: null },
      events: ['payment.credited_after_close'],
    });
  });

  it('a transfer dated before expiry is on time even if the sweep already expired the payment', () => {
    const expired = { ...base, status: 'expired' as const };
    expect(applyCredit(expired, 10_000_000n, 9 * HOUR, 24 * HOUR).next).toMatchObject({ status: 'paid', late: false });
  });

  describe('a tolerance for short payments', () => {
    const tolerant = { ...base, toleranceBps: 50 }; // 0.5 % of 10 USDT: 0.05 USDT

    it('settles a payment short by at most the tolerance, and says by how much', () => {
      const outcome = applyCredit(tolerant, 9_950_000n, HOUR, 24 * HOUR);
      expect(outcome).toEqual({
        next: { status: 'paid', paidAmount: 9_950_000n, overpaidAmount: 0n, late: false, paidAt: HOUR },
        events: ['payment.paid'],
      });
      expect(toleratedShortfall({ ...tolerant, ...outcome.next })).toBe(50_000n);
    });

    it('leaves a payment short by one base unit more part-paid', () => {
      expect(applyCredit(tolerant, 9_949_999n, HOUR, 24 * HOUR).next.status).toBe('partially_paid');
    });

    it('rounds the forgiven part down: the store never forgives more than its percent', () => {
      expect(settlingAmount({ amount: 1_000_001n, toleranceBps: 50 })).toBe(995_001n);
      expect(settlingAmount({ amount: 199n, toleranceBps: 50 })).toBe(199n);
      expect(settlingAmount({ amount: 10_000_000n, toleranceBps: 0 })).toBe(10_000_000n);
    });

    it('shows no shortfall for a payment paid in full or not paid', () => {
      expect(toleratedShortfall({ status: 'paid', amount: 10n, paidAmount: 12n })).toBe(0n);
      expect(toleratedShortfall({ status: 'partially_paid', amount: 10n, paidAmount: 9n })).toBe(0n);
    });
  });
});
