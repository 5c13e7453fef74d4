// The rules of a fiat price on a payment (server/payments/fiat-pricing.ts) and of the tolerance
// (payment-state.ts), without a ledger: what is quoted, when the customer may switch, what settles.
import { describe, expect, it } from 'vitest';
import type { AssetCode } from '../../contract/asset';
import { DomainError } from '../../server/domain/errors';
import {
  assertChoosable,
  canSwitchTo,
  parseFiatPrice,
  quotePrice,
  switchedTo,
} from '../../server/payments/fiat-pricing';
import { applyCredit, settlingAmount, toleratedShortfall } from '../../server/payments/payment-state';
import type { Payment } from '../../server/storage/records';

const RATES = [
  { asset: 'USDT' as const, rate: '0.92', source: 'sandbox', fixedAt: 0 },
  { asset: 'TON' as const, rate: '4.6', source: 'sandbox', fixedAt: 0 },
];
const noLimit = (): bigint => 10n ** 30n;
const eurPricing = quotePrice(340n, 'EUR', RATES, noLimit);

/** A EUR 3.40 payment asking its USDT quote, nothing paid; `change` for the case at hand. */
function payment(change: Partial<Payment> = {}): Payment {
  return {
    status: 'pending',
    currency: 'USDT',
    amount: 3_695_653n,
    paidAmount: 0n,
    overpaidAmount: 0n,
    tip: 0n,
    pricing: eurPricing,
    toleranceBps: 0,
    late: false,
    paidAt: null,
    expiresAt: 1_000_000,
    updatedAt: 0,
    ...change,
  } as Payment;
}

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('quoting a fiat price', () => {
  it('locks one quote per rate, rounded up to the asset smallest unit', () => {
    expect(eurPricing.price).toEqual({ amount: '3.40', currency: 'EUR' });
    expect(eurPricing.quotes.map((q) => [q.asset, q.amount])).toEqual([
      ['USDT', 3_695_653n],
      ['TON', 739_130_435n],
    ]);
  });

  it('refuses a price that comes to more than a payment in an asset may ask, naming amount', () => {
    const max = (asset: AssetCode) => (asset === 'TON' ? 700_000_000n : 10n ** 12n);
    const err = refusal(() => quotePrice(340n, 'EUR', RATES, max));
    expect(err).toMatchObject({ field: 'amount' });
    expect(err.message).toContain('TON');
  });

  it('reads a price with the currency own decimals, naming them when there are too many', () => {
    expect(parseFiatPrice('3.4', 'EUR')).toBe(340n);
    expect(parseFiatPrice('500', 'JPY')).toBe(500n);
    expect(parseFiatPrice('1.005', 'KWD')).toBe(1005n);
    expect(refusal(() => parseFiatPrice('3.405', 'EUR')).message).toContain('EUR has 2');
    expect(refusal(() => parseFiatPrice('0', 'EUR'))).toMatchObject({ field: 'amount' });
  });
});

describe('switching to another quote', () => {
  it('switches while nothing has arrived; not once something has, nor to an asset not quoted', () => {
    expect(canSwitchTo(payment(), 'TON')).toBe(true);
    expect(canSwitchTo(payment(), 'USDT')).toBe(false);
    expect(canSwitchTo(payment({ paidAmount: 1n }), 'TON')).toBe(false);
    expect(canSwitchTo(payment({ pricing: null }), 'TON')).toBe(false);
  });

  it('refuses a choice with the reason: priced in an asset, paid in part, closed', () => {
    expect(refusal(() => assertChoosable(payment({ pricing: null }), 'TON')).message).toContain('priced in USDT');
    expect(refusal(() => assertChoosable(payment({ paidAmount: 1n }), 'TON')).message).toContain('arrived in USDT');
    expect(refusal(() => assertChoosable(payment({ status: 'expired' }), 'TON')).message).toContain('expired');
    expect(assertChoosable(payment(), 'TON').amount).toBe(739_130_435n);
  });

  it("takes the quote's amount, and a till tip as its share of it", () => {
    const tipped = payment({ tip: 369_565n }); // a tenth of the USDT amount, rounded down
    const switched = switchedTo(tipped, eurPricing.quotes[1]!, 5);
    expect(switched).toMatchObject({ currency: 'TON', amount: 739_130_435n, updatedAt: 5 });
    expect(switched.tip).toBe((369_565n * 739_130_435n) / 3_695_653n);
  });
});

describe('the tolerance', () => {
  it('forgives at most its percent, rounded in the store disfavour', () => {
    expect(settlingAmount({ amount: 3_695_653n, toleranceBps: 100 })).toBe(3_658_697n);
    expect(settlingAmount({ amount: 1_000_001n, toleranceBps: 50 })).toBe(995_001n);
    expect(settlingAmount({ amount: 1n, toleranceBps: 1000 })).toBe(1n);
    expect(settlingAmount({ amount: 10_000_000n, toleranceBps: 0 })).toBe(10_000_000n);
  });

  it('settles a credit at the settling amount with the shortfall shown; one unit less stays partial', () => {
    const tolerant = payment({ toleranceBps: 100 });
    const settled = applyCredit(tolerant, 3_658_697n, 0, 0);
    expect(settled.next.status).toBe('paid');
    expect(toleratedShortfall({ ...tolerant, ...settled.next })).toBe(36_956n);
    const short = applyCredit(tolerant, 3_658_696n, 0, 0);
    expect(short).toMatchObject({ next: { status: 'partially_paid' }, events: ['payment.partially_paid'] });
    expect(toleratedShortfall({ ...tolerant, ...short.next })).toBe(0n);
  });

  it('makes a late payment inside the tolerance paid and late', () => {
    const expired = payment({ status: 'expired', toleranceBps: 100 });
    const late = applyCredit(expired, 3_658_697n, 2_000_000, 24 * 3600_000);
    expect(late).toMatchObject({ next: { status: 'paid', late: true }, events: ['payment.paid', 'payment.late'] });
  });
});
