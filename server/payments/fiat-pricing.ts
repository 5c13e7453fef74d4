import { parseDecimal } from '../../contract/amount';
import { ASSETS, type AssetCode } from '../../contract/asset';
import { fiatDigits, formatFiat } from '../../contract/fiat';
import { assetAmountFor } from '../../contract/price';
import { formatAmount } from '../../contract/amount';
import { invalidInput, invalidTransition } from '../domain/errors';
import type { LockedRate } from '../rates/rates-port';
import type { Payment, Pricing, Quote } from '../storage/records';
import { isOpen } from './payment-state';

/** A fiat price's digits are its currency's; beyond a trillion whole units no till is asking. */
const MAX_FIAT_PRICE_WHOLE = 10n ** 15n;

/** A fiat price as minor units of its currency (EUR "3.40" → 340n); a 400 naming `field` otherwise. */
export function parseFiatPrice(text: string, fiat: string, field = 'amount'): bigint {
  const digits = fiatDigits(fiat);
  const parsed = parseDecimal(text, MAX_FIAT_PRICE_WHOLE * 10n ** BigInt(digits), digits);
  if (!parsed.ok) {
    const hint = parsed.problem === 'too_many_decimals' ? ` (${fiat} has ${digits})` : '';
    throw invalidInput(field, `${parsed.message}${hint}`);
  }
  return parsed.value;
}

/**
 * A price in `fiat` at the locked rates: one quote per rate, each rounded up to the asset's smallest
 * unit, none above what a payment in that asset may ask for.
 */
export function quotePrice(
  priceMinor: bigint,
  fiat: string,
  rates: readonly LockedRate[],
  maxAmount: (asset: AssetCode) => bigint,
): Pricing {
  const quotes: Quote[] = rates.map((r) => ({
    asset: r.asset,
    amount: assetAmountFor(priceMinor, fiatDigits(fiat), r.rate, ASSETS[r.asset].decimals),
    rate: r.rate,
    source: r.source,
    fixedAt: r.fixedAt,
  }));
  for (const q of quotes) {
    const max = maxAmount(q.asset);
    if (q.amount > max)
      throw invalidInput(
        'amount',
        `comes to more than a payment may ask for (${formatAmount(max, q.asset)} ${q.asset})`,
      );
  }
  return { price: { amount: formatFiat(priceMinor, fiat), currency: fiat }, quotes };
}

/** The quote of `asset` on a fiat-priced payment, or null when it has none (asset-priced, or not quoted). */
export function quoteIn(payment: Pick<Payment, 'pricing'>, asset: AssetCode): Quote | null {
  return payment.pricing?.quotes.find((q) => q.asset === asset) ?? null;
}

/**
 * Whether a transfer in `asset` may settle this payment by switching it to that quote: a fiat price
 * quoted in it, and nothing received yet (a payment is paid in one asset; a second asset's money is
 * not added to the first's).
 */
export function canSwitchTo(payment: Payment, asset: AssetCode): boolean {
  return payment.currency !== asset && payment.paidAmount === 0n && quoteIn(payment, asset) !== null;
}

/** The customer's choice of asset at the checkout, the widget or the till: the refusals, each saying why. */
export function assertChoosable(payment: Payment, asset: AssetCode): Quote {
  const quote = quoteIn(payment, asset);
  if (!payment.pricing) throw invalidInput('currency', `this payment is priced in ${payment.currency} and paid in it`);
  if (!quote) {
    const offered = payment.pricing.quotes.map((q) => q.asset).join(' or ');
    throw invalidInput('currency', `this payment is not quoted in ${asset}; it may be paid in ${offered}`);
  }
  if (!isOpen(payment.status))
    throw invalidTransition(`payment is ${payment.status}; nothing can be chosen for it now`);
  if (payment.paidAmount > 0n && payment.currency !== asset)
    throw invalidTransition(`part of it arrived in ${payment.currency}; the rest is paid in ${payment.currency}`);
  return quote;
}

/** The payment in `quote`'s asset: its amount is that quote's, and a till tip its share of it. */
export function switchedTo(payment: Payment, quote: Quote, now: number): Payment {
  const tip = payment.tip === 0n ? 0n : (payment.tip * quote.amount) / payment.amount;
  return { ...payment, currency: quote.asset, amount: quote.amount, tip, updatedAt: now };
}
