import type { AssetTakings, Takings } from '../../../contract/reports';
import { linesWithMoney } from '../../lib/asset-lines';
import { formatAssetAmount, formatFigure } from '../../lib/format';

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
 * What a span took in, in the daily close's words and by its rules (the same server function makes
 * both), so the dashboard and the close never show two different totals for one day; a line per
 * asset that moved money, never USDT added to TON.
 */
export function TakingsCard({ title, takings, testId }: { title: string; takings: Takings; testId: string }) {
  const lines = linesWithMoney(takings.assets, (a) => a.takenIn.count + a.refunded.count > 0);
  return (
    <section className="card kpi" aria-label={title}>
      <h2>{title}</h2>
      {lines.map((line, i) => (
        <AssetLine key={line.currency} takings={line} testId={i === 0 ? testId : `${testId}-${line.currency}`} />
      ))}
    </section>
  );
}
