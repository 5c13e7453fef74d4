import { formatAmountForLocale } from '../../../contract/amount';
import type { CloseDayReport, PriceTotal } from '../../../contract/reports';
import { Line } from './CloseDayLine';

/** A fiat total keeps the currency's own digits ("500" JPY, "8.05" EUR): never an asset's two decimals added. */
const fiatFigure = (total: string): string => formatAmountForLocale(total, 'en-US');

/**
 * One price currency's close: the prices of the payments completed in the span, what they came to in
 * that currency, and which asset they were paid in (each asset's own figures below say what came in).
 * The totals are the server's exact strings: nothing is added up here.
 */
function PriceCurrencyClose({ total, r }: { total: PriceTotal; r: CloseDayReport }) {
  const { currency } = total;
  const paidIn = r.assets.flatMap((a) => {
    const share = a.prices.find((p) => p.currency === currency);
    return share ? [{ asset: a.currency, share }] : [];
  });
  return (
    <section className="close-day-asset close-day-price" data-price-currency={currency}>
      <div className="close-day-net">
        <span className="muted">Priced in {currency}</span>
        <strong data-testid={`close-day-priced-${currency}`}>
          {fiatFigure(total.total)} <small>{currency}</small>
        </strong>
      </div>
      <table className="table close-day-table">
        <thead>
          <tr>
            <th scope="col">Prices</th>
            <th scope="col" className="num">
              Payments
            </th>
            <th scope="col" className="num">
              {currency}
            </th>
          </tr>
        </thead>
        <tbody>
          {paidIn.map(({ asset, share }) => (
            <Line
              key={asset}
              figure={`priced-paid-in-${asset}`}
              label={`Paid in ${asset}`}
              count={share.count}
              total={share.total}
              format={fiatFigure}
            />
          ))}
          <Line
            figure="priced"
            label={`Priced in ${currency}`}
            count={total.count}
            total={total.total}
            tone="sum"
            format={fiatFigure}
          />
        </tbody>
      </table>
    </section>
  );
}

/** The close in the store's own currencies (EUR, JPY…), before the assets it was paid in; none when nothing was fiat-priced. */
export function PriceClose({ r }: { r: CloseDayReport }) {
  return (
    <>
      {(r.prices ?? []).map((total) => (
        <PriceCurrencyClose key={total.currency} total={total} r={r} />
      ))}
    </>
  );
}
