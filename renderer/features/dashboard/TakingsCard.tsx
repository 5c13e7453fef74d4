import type { Takings } from '../../../contract/reports';
import { formatUsdt } from '../../lib/format';

const payments = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/** The words both the dashboard and the close use for the tips within what was taken in. */
export const TIPS_LABEL = 'of which tips';

/**
 * What a span took in, in the daily close's words and by its rules (the same server function makes
 * both), so the dashboard and the close never show two different totals for one day.
 */
export function TakingsCard({ title, takings, testId }: { title: string; takings: Takings; testId: string }) {
  return (
    <section className="card kpi" aria-label={title}>
      <h2>{title}</h2>
      <p className="kpi-value" data-testid={testId} data-figure="taken-in">
        {formatUsdt(takings.takenIn.total)} <small>USDT</small>
      </p>
      <p className="muted">{payments(takings.takenIn.count)}</p>
      {takings.tips.count > 0 ? (
        <p className="muted small" data-figure="tips">
          {TIPS_LABEL} <strong>{formatUsdt(takings.tips.total)}</strong>
        </p>
      ) : null}
      <p className="muted small kpi-net" data-figure="net">
        Net takings <strong>{formatUsdt(takings.netTakings)}</strong>
        {takings.refunded.count > 0 ? ` after ${formatUsdt(takings.refunded.total)} refunded` : ''}
      </p>
    </section>
  );
}
