import { useEffect, useState } from 'react';
import { formatAmount } from '../../../contract/amount';
import { ASSETS } from '../../../contract/asset';
import { fiatDigits, formatFiat } from '../../../contract/fiat';
import type { PublicPayment } from '../../../contract/payments';
import { assetAmountFor, rateSentence } from '../../../contract/price';
import type { RefundRateBasis } from '../../../contract/refunds';
import { ApiError } from '../../api/client';
import { parseEnteredAmount } from '../../lib/format';
import { refundsApi } from './api';

/** How the refund is stated: in the paid asset, or in the price currency at the rate then or today's. */
export type RefundStatedIn = 'asset' | RefundRateBasis;

/** Minor units of what was typed in `currency`, or null when it is not an amount with at most its digits. */
function enteredMinor(text: string, currency: string): bigint | null {
  const entered = parseEnteredAmount(text);
  if (!entered.ok) return null;
  const [whole = '', fraction = ''] = entered.amount.split('.');
  const digits = fiatDigits(currency);
  if (fraction.length > digits) return null;
  return BigInt(`${whole}${fraction.padEnd(digits, '0')}`);
}

type TodayRate = { rate: string; source: string } | { problem: string } | null;

/** Today's rate, read when the merchant picks it: the panel says so when there is none. */
function useTodayRate(paymentId: string, wanted: boolean): TodayRate {
  const [today, setToday] = useState<TodayRate>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    refundsApi.rate(paymentId).then(
      (r) => live && setToday({ rate: r.rate, source: r.source }),
      (err: unknown) =>
        live && setToday({ problem: err instanceof ApiError ? err.message : 'The service could not be reached' }),
    );
    return () => {
      live = false;
    };
  }, [paymentId, wanted]);
  return today;
}

/**
 * A fiat-priced payment's refund choice: the asset amount, or a fiat amount at the rate then (its
 * locked quote) or today's, with the asset amount it comes to shown before sending. The service
 * converts again on its own (rounded up, as here): this is what the merchant reads, not what it sends.
 */
export function FiatRefundChoice({
  payment,
  statedIn,
  onStatedIn,
  fiatAmount,
  onFiatAmount,
}: {
  payment: PublicPayment;
  statedIn: RefundStatedIn;
  onStatedIn: (v: RefundStatedIn) => void;
  fiatAmount: string;
  onFiatAmount: (v: string) => void;
}) {
  const fiat = payment.price.currency;
  const symbol = ASSETS[payment.currency].symbol;
  const quote = payment.quotes.find((q) => q.currency === payment.currency);
  const today = useTodayRate(payment.id, statedIn === 'current');
  const rate = statedIn === 'original' ? quote?.rate : today && 'rate' in today ? today.rate : undefined;
  const minor = enteredMinor(fiatAmount, fiat);
  const comesTo =
    rate && minor !== null && minor > 0n
      ? assetAmountFor(minor, fiatDigits(fiat), rate, ASSETS[payment.currency].decimals)
      : null;
  const option = (value: RefundStatedIn, label: string) => (
    <label className="refund-basis">
      <input
        type="radio"
        name="statedIn"
        value={value}
        checked={statedIn === value}
        onChange={() => onStatedIn(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="refund-fiat" aria-label="Refund stated in">
      {option('asset', `${symbol} amount`)}
      {option('original', `${fiat} at the rate then${quote ? ` (${rateSentence(symbol, quote.rate, fiat)})` : ''}`)}
      {option('current', `${fiat} at today's rate`)}
      {statedIn === 'asset' ? null : (
        <>
          <label>
            Amount ({fiat})
            <input
              name="fiatAmount"
              inputMode="decimal"
              value={fiatAmount}
              onChange={(e) => onFiatAmount(e.target.value)}
              placeholder={`at most ${payment.price.amount}`}
            />
          </label>
          {statedIn === 'current' && today && 'problem' in today ? (
            <p className="field-error" role="alert" data-testid="refund-rate-problem">
              No rate for today: {today.problem}
            </p>
          ) : null}
          {rate ? (
            <p className="muted" data-testid="refund-comes-to">
              {comesTo === null
                ? rateSentence(symbol, rate, fiat)
                : `${formatFiat(minor!, fiat)} ${fiat} at ${rateSentence(symbol, rate, fiat)} comes to ${formatAmount(comesTo, payment.currency)} ${symbol}`}
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
