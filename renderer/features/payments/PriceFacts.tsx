import type { PublicPayment as Payment } from '../../../contract/payments';
import { formatAssetAmount } from '../../lib/format';
import { rateSentence } from '../../../contract/price';
import { formatPrice } from '../../lib/price-format';

/**
 * A fiat-priced payment's price and its locked quotes, as <dt>/<dd> pairs for a facts list; nothing
 * for a payment priced in its asset (its amount says it all).
 */
export function PriceFacts({ payment }: { payment: Payment }) {
  if (payment.quotes.length === 0) return null;
  return (
    <>
      <dt>Price</dt>
      <dd className="strong" data-testid="payment-price">
        {formatPrice(payment.price.amount, payment.price.currency)}
      </dd>
      <dt>{payment.quotes.length > 1 ? 'Quotes' : 'Quote'}</dt>
      <dd data-testid="payment-quotes">
        <ul className="quote-list">
          {payment.quotes.map((q) => (
            <li key={q.currency} className={q.currency === payment.currency ? 'is-asked' : ''}>
              {formatAssetAmount(q.amount, q.currency)}{' '}
              <span className="muted">
                at {rateSentence(q.currency, q.rate, payment.price.currency)} · {q.source}
              </span>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** "Paid 0.05 USDT short, within the 1 % tolerance": said on a payment settled short, never hidden. */
export function shortfallText(payment: Payment): string | null {
  if (!/[1-9]/.test(payment.tolerance.shortfall)) return null;
  return `Paid ${formatAssetAmount(payment.tolerance.shortfall, payment.currency)} short, within the ${payment.tolerance.percent} % tolerance`;
}
