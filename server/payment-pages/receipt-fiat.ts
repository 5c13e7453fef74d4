import { ASSETS, type AssetCode } from '../../contract/asset';
import type { PublicPayment } from '../../contract/payments';
import { rateSentence } from '../../contract/price';
import type { PublicRefund } from '../../contract/refunds';
import { escapeHtml } from '../../contract/shared-helpers';

/** "14:05": when a rate was fixed, on the store's wall clock (the receipt names its zone elsewhere). */
function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

const rateText = (asset: AssetCode, rate: string, fiat: string): string =>
  rateSentence(ASSETS[asset].symbol, rate, fiat);

/**
 * A fiat-priced payment's receipt rows: the price, and the rate the amount was converted at (with its
 * source and time). None for an asset-priced payment.
 */
export function fiatPriceRows(p: PublicPayment, timeZone: string): Array<[string, string]> {
  const quote = p.quotes.find((q) => q.currency === p.currency);
  if (!quote) return [];
  const fiat = p.price.currency;
  return [
    ['Price', escapeHtml(`${p.price.amount} ${fiat}`)],
    [
      'Rate',
      escapeHtml(
        `${rateText(p.currency, quote.rate, fiat)}, ${quote.source}, fixed ${clockTime(quote.fixedAt, timeZone)}`,
      ),
    ],
  ];
}

/** A shortfall the store's tolerance forgave, after what was received; none when the payment was paid in full. */
export function shortfallRows(p: PublicPayment): Array<[string, string]> {
  if (!/[1-9]/.test(p.tolerance.shortfall)) return [];
  const text = `${p.tolerance.shortfall} ${ASSETS[p.currency].symbol} less than asked, accepted within the ${p.tolerance.percent} % tolerance of the store`;
  return [['Short', escapeHtml(text)]];
}

/** A refund stated as a fiat amount says so: "(1.00 EUR at 1 USDT = 0.92 EUR, the rate then)". */
export function refundFiatNote(r: PublicRefund, asset: AssetCode): string {
  if (!r.fiat) return '';
  const basis = r.fiat.basis === 'original' ? 'the rate then' : 'the rate of the refund';
  return ` <span class="muted">(${escapeHtml(`${r.fiat.amount} ${r.fiat.currency} at ${rateText(asset, r.fiat.rate, r.fiat.currency)}, ${basis}`)})</span>`;
}
