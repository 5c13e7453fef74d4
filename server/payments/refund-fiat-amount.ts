import { ASSETS } from '../../contract/asset';
import { fiatDigits, formatFiat } from '../../contract/fiat';
import { assetAmountFor } from '../../contract/price';
import type { RefundRateBasis } from '../../contract/refunds';
import { invalidInput, invalidTransition, rateUnavailable } from '../domain/errors';
import type { LockedRate, RatesPort } from '../rates/rates-port';
import type { RefundFiat } from '../storage/ledger-repositories';
import type { Payment } from '../storage/records';
import { parseFiatPrice, quoteIn } from './fiat-pricing';

/** A refund asked as a fiat amount: the amount as written, and where its rate comes from. */
export interface FiatRefundRequest {
  amount: string;
  basis: RefundRateBasis;
}

/** The price currency of a fiat-priced payment; a 400 naming `fiat` for one priced in its asset. */
function priceCurrencyOf(payment: Pick<Payment, 'pricing' | 'currency'>): string {
  if (!payment.pricing)
    throw invalidInput('fiat', `this payment is priced in ${payment.currency}: state the refund as an amount of it`);
  return payment.pricing.price.currency;
}

/**
 * Today's rate of the payment's price currency for the asset it was paid in, read before the refund's
 * unit of work (a live source may take a moment): 503 RATE_UNAVAILABLE when no source gives one.
 */
export async function currentRefundRate(
  payment: Pick<Payment, 'pricing' | 'currency'>,
  rates: RatesPort,
): Promise<LockedRate> {
  const fiat = priceCurrencyOf(payment);
  const [rate] = await rates.ratesFor(fiat, [payment.currency]);
  if (!rate) throw rateUnavailable(`no ${fiat}/${payment.currency} rate`);
  return rate;
}

/** The rate a fiat refund converts at: the payment's locked quote (the rate then), or today's read before. */
function rateFor(payment: Payment, basis: RefundRateBasis, current: LockedRate | null): LockedRate {
  if (basis === 'original') {
    const quote = quoteIn(payment, payment.currency);
    if (!quote) throw invalidInput('fiat', `this payment has no locked ${payment.currency} quote`);
    return quote;
  }
  // the customer may have switched asset between the read of today's rate and this unit of work
  if (!current || current.asset !== payment.currency)
    throw invalidTransition(`the payment is now paid in ${payment.currency}: ask again`, 'fiat');
  return current;
}

/**
 * A fiat refund's amount in the paid asset, with what it was stated as. Rounded UP to the asset's
 * smallest unit, as the payment's own quote was: the customer gets back at least the fiat amount
 * stated (the store gives away under one base unit), and the whole price at the rate then comes to
 * exactly the quote the customer paid, not a unit less. The caller caps it by what can be refunded.
 */
export function fiatRefundAmount(
  payment: Payment,
  request: FiatRefundRequest,
  current: LockedRate | null,
): { amount: bigint; fiat: RefundFiat } {
  const currency = priceCurrencyOf(payment);
  const minor = parseFiatPrice(request.amount, currency, 'fiat.amount');
  if (minor <= 0n) throw invalidInput('fiat.amount', 'must be more than 0');
  const rate = rateFor(payment, request.basis, current);
  const amount = assetAmountFor(minor, fiatDigits(currency), rate.rate, ASSETS[payment.currency].decimals);
  const fiat: RefundFiat = {
    amount: formatFiat(minor, currency),
    currency,
    rate: rate.rate,
    basis: request.basis,
    source: rate.source,
    fixedAt: rate.fixedAt,
  };
  return { amount, fiat };
}
