import { formatAmountForLocale } from '../../../contract/amount';
import type { AssetTakings, PriceTotal, Takings } from '../../../contract/reports';
import { linesWithMoney } from '../../lib/asset-lines';
import { formatAssetAmount, formatFigure } from '../../lib/format';
import { formatPrice } from '../../lib/price-format';

const payments = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/** The words both the dashboard and the close use for the tips within what was taken in. */
export const TIPS_LABEL = 'of which tips';

/** One asset's takings: the figure, its count, its tips and what is left after refunds. */
function AssetLine({ takings, testId }: { takings: AssetTakings; testId: string }) {
  const { currency } = takings;
  return (
    <div className="kpi-asset" data-asset={currency}>
      <p className="kpi-value" data-testid={testId} data-figure="taken-in">
        {formatFigure(takings.takenIn.total)} <small>{currency}</small>
      </p>
      <p className="muted">{payments(takings.takenIn.count)}</p>
      {takings.tips.count > 0 ? (
        <p className="muted small" data-figure="tips">
          {TIPS_LABEL} <strong>{formatFigure(takings.tips.total)}</strong>
        </p>
      ) : null}
      <p className="muted small kpi-net" data-figure="net">
        Net takings <strong>{formatFigure(takings.netTakings)}</strong>
        {takings.refunded.count > 0 ? ` after ${formatAssetAmount(takings.refunded.total, currency)} refunded` : ''}
      </p>
    </div>
  );
}

/**
 * The store's currency first, as the server orders it: the prices of the payments completed in the span
 * (a short one the tolerance let settle at its whole price), exact strings from the server. Another
 * currency the store priced in before follows in small print. What came in is still the asset lines.
 */
function PriceLines({ prices, testId }: { prices: readonly PriceTotal[]; testId: string }) {
  const [own, ...others] = prices;
  if (!own) return null;
  return (
    <div className="kpi-price" data-currency={own.currency}>
      <p className="kpi-value" data-testid={`${testId}-price`} data-figure="priced">
        {formatAmountForLocale(own.total, 'en-US')} <small>{own.currency}</small>
      </p>
      <p className="muted">
        Priced in {own.currency} · {payments(own.count)} completed
      </p>
      {others.map((p) => (
        <p key={p.currency} className="muted small" data-figure="priced-other" data-currency={p.currency}>
          and <strong>{formatPrice(p.total, p.currency)}</strong> on {payments(p.count)}
        </p>
      ))}
      <p className="muted small kpi-received">Received</p>
    </div>
  );
}

/**
 * What a span took in, in the daily close's words and by its rules (the same server function makes
 * both), so the dashboard and the close never show two different totals for one day; in a store
 * pricing in a currency such as EUR, that currency's prices first, then a line per asset that moved
 * money (what was received), never USDT added to TON.
 */
export function TakingsCard({ title, takings, testId }: { title: string; takings: Takings; testId: string }) {
  const lines = linesWithMoney(takings.assets, (a) => a.takenIn.count + a.refunded.count > 0);
  return (
    <section className="card kpi" aria-label={title}>
      <h2>{title}</h2>
      <PriceLines prices={takings.prices} testId={testId} />
      {lines.map((line, i) => (
        <AssetLine key={line.currency} takings={line} testId={i === 0 ? testId : `${testId}-${line.currency}`} />
      ))}
    </section>
  );
}
