import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAmountForLocale } from '../../../contract/amount';
import { ASSETS } from '../../../contract/asset';
import type { PublicPayment as Payment } from '../../../contract/payments';
import { formatFigure } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { isNonZero } from '../payments/payment-outcome';
import { chooseInvoiceAsset } from './fiat-sale';
import { selectTillActions } from './slice';

/** Where the rate came from, as the customer reads it: the sandbox's table is said not to be the market. */
const rateSource = (source: string): string =>
  source === 'sandbox'
    ? 'sandbox rates, fixed for testing, not market'
    : source === 'manual'
      ? "the store's own rate"
      : `rate from ${source}`;

/**
 * A fiat price on the customer's screen: "3.40 EUR", then one button per locked quote while nothing has
 * arrived (the chosen one pressed), the rate in small print. Nothing for an asset-priced invoice.
 */
export function TillPriceChoice({ invoice }: { invoice: Payment }) {
  const { refreshTillInvoice } = useConsoleStore(useShallow(selectTillActions));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (invoice.quotes.length === 0) return null;
  const canChoose = invoice.status === 'pending' && invoice.quotes.length > 1 && !isNonZero(invoice.paidAmount);
  const chosen = invoice.quotes.find((q) => q.currency === invoice.currency);
  const choose = async (currency: string) => {
    setBusy(true);
    setError(null);
    try {
      await chooseInvoiceAsset(invoice.id, currency);
      await refreshTillInvoice();
    } catch (err) {
      setError(`Could not switch: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="till-price">
      <p className="till-price-amount" data-testid="till-price">
        {formatAmountForLocale(invoice.price.amount, 'en-US')} <small>{invoice.price.currency}</small>
      </p>
      {canChoose ? (
        <div className="till-price-choices" role="group" aria-label="Pay in">
          {invoice.quotes.map((q) => (
            <button
              key={q.currency}
              type="button"
              className="btn"
              aria-pressed={q.currency === invoice.currency}
              disabled={busy}
              data-currency={q.currency}
              onClick={() => q.currency !== invoice.currency && void choose(q.currency)}
            >
              {formatFigure(q.amount)} {ASSETS[q.currency].symbol}
            </button>
          ))}
        </div>
      ) : null}
      {chosen ? (
        <p className="till-rate muted" data-testid="till-rate">
          1 {ASSETS[chosen.currency].symbol} = {chosen.rate} {invoice.price.currency} · {rateSource(chosen.source)}
        </p>
      ) : null}
      {error ? (
        <p className="till-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
