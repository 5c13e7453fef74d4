import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ASSETS } from '../../../contract/asset';
import type { CloseDayAsset, CloseDayReport } from '../../../contract/reports';
import { linesWithMoney } from '../../lib/asset-lines';
import { Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime, formatFigure } from '../../lib/format';
import { Line } from './CloseDayLine';
import { PriceClose } from './PriceClose';
import { useConsoleStore } from '../../store';
import { selectCloseDay, selectCloseDayActions, selectIncludeTestPayments, selectIsCloseDayLoading } from './slice';
import { selectRouteParam } from '../../store/ui-slice';
import './close-day.css';
import { parsePeriod } from './period';
import { PeriodPicker } from './PeriodPicker';
import { TestPaymentsSwitch } from '../../components/TestPaymentsSwitch';
import { TIPS_LABEL } from '../dashboard/TakingsCard';

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Close of day · Friday, June 12, 2026", or the range's first and last days. */
function reportTitle(r: CloseDayReport): string {
  if (r.through === r.date) return `Close of day · ${longDate.format(dayOf(r.date))}`;
  return `Report · ${longDate.formatRange(dayOf(r.date), dayOf(r.through))} (${r.days} days)`;
}

/** One asset's close: its net takings and its lines, in its own decimals; never added to another asset's. */
function AssetClose({ a, netTestId, many }: { a: CloseDayAsset; netTestId: string; many: boolean }) {
  return (
    <section className="close-day-asset" data-asset={a.currency}>
      <div className="close-day-net">
        <span className="muted">Net takings{many ? ` in ${ASSETS[a.currency].name}` : ''}</span>
        <strong data-testid={netTestId}>
          {formatFigure(a.netTakings)} <small>{a.currency}</small>
        </strong>
      </div>
      <table className="table close-day-table">
        <thead>
          <tr>
            <th scope="col">Takings</th>
            <th scope="col" className="num">
              Payments
            </th>
            <th scope="col" className="num">
              {a.currency}
            </th>
          </tr>
        </thead>
        <tbody>
          <Line figure="paid" label="Paid" count={a.paid.count} total={a.paid.total} />
          {a.settledShort.count > 0 ? (
            <Line
              figure="settled-short"
              label="of which accepted short by"
              count={a.settledShort.count}
              total={a.settledShort.total}
              tone="sub"
            />
          ) : null}
          <Line figure="overpaid" label="Overpaid" count={a.overpaid.count} total={a.overpaid.total} />
          {a.overpaid.extra !== '0.00' ? (
            <Line
              figure="overpaid-extra"
              label="of which paid beyond the amount"
              count={null}
              total={a.overpaid.extra}
              tone="sub"
            />
          ) : null}
          <Line
            figure="partially-paid"
            label="Partially paid"
            count={a.partiallyPaid.count}
            total={a.partiallyPaid.total}
          />
          <Line figure="taken-in" label="Taken in" count={a.takenIn.count} total={a.takenIn.total} tone="sum" />
          {a.tips.count > 0 ? (
            <Line figure="tips" label={TIPS_LABEL} count={a.tips.count} total={a.tips.total} tone="sub" />
          ) : null}
          <Line
            figure="refunded"
            label="Refunds sent"
            count={a.refunded.count}
            total={a.refunded.total}
            sign={a.refunded.total === '0.00' ? '' : '− '}
            countLabel="Refunds"
          />
          <Line figure="net" label="Net takings" count={null} total={a.netTakings} tone="net" />
        </tbody>
      </table>
      <table className="table close-day-table close-day-other">
        <thead>
          <tr>
            <th scope="col">Not takings</th>
            <th scope="col" className="num">
              Payments
            </th>
            <th scope="col" className="num">
              Asked
            </th>
          </tr>
        </thead>
        <tbody>
          <Line figure="expired" label="Expired unpaid" count={a.expired.count} total={a.expired.total} />
        </tbody>
      </table>
    </section>
  );
}

function Report({ r }: { r: CloseDayReport }) {
  const clocksChanged = r.hours !== 24 * r.days;
  const shown = linesWithMoney(r.assets, (a) => a.takenIn.count + a.refunded.count + a.expired.count > 0);
  return (
    <article className="card close-day" data-testid="close-day-report" aria-labelledby="close-day-title">
      <header className="close-day-head">
        <p className="close-day-store">{r.store || 'TonTill'}</p>
        <h2 id="close-day-title">{reportTitle(r)}</h2>
        <p className="muted small">
          Midnight to midnight in {r.timeZone}
          {r.includeTest ? ' · test payments included' : ''}
          {clocksChanged ? ` · ${r.days === 1 ? `a ${r.hours}-hour day` : `${r.hours} hours`}: the clocks changed` : ''}
        </p>
      </header>
      <PriceClose r={r} />
      {shown.map((a, i) => (
        <AssetClose
          key={a.currency}
          a={a}
          many={shown.length > 1}
          netTestId={i === 0 ? 'close-day-net' : `close-day-net-${a.currency}`}
        />
      ))}
      <p className="muted small close-day-rules">
        Paid and overpaid count on the day they were completed, partially paid on the day they were created (still open,
        or closed holding part of the amount); refunds on the day they were sent. Expired: payments whose time ran out
        that day.
        {r.assets.some((a) => a.settledShort.count > 0)
          ? " Accepted short: paid within the store's tolerance; the amount is what they lacked."
          : ''}
        {r.prices ? ' A price counts whole for the paid and overpaid, one accepted short too.' : ''}
      </p>
      <p className="muted small">
        Made {formatDateTime(r.generatedAt)}. Later payments, refunds and expiries can still change a day&rsquo;s
        figures.
      </p>
    </article>
  );
}

/**
 * The daily close: one day of the store's takings (or a week, a month, any dates), to read, print or
 * export. `#/close-day/<date>`, `#/close-day/<first>..<last>`, or today.
 */
export function CloseDayPage() {
  const param = useConsoleStore(selectRouteParam);
  const report = useConsoleStore(selectCloseDay);
  const isLoading = useConsoleStore(selectIsCloseDayLoading);
  const includeTestPayments = useConsoleStore(selectIncludeTestPayments);
  const { loadCloseDay, exportCloseDay, printCloseDay, setIncludeTestPayments } = useConsoleStore(
    useShallow(selectCloseDayActions),
  );
  const period = parsePeriod(param);
  const [first, last] = [period?.first ?? null, period?.last ?? null];
  useEffect(() => {
    void loadCloseDay(first === null || last === null ? null : { first, last });
  }, [first, last, loadCloseDay]);
  const shown = report && (first === null || (report.date === first && report.through === last)) ? report : null;
  return (
    <>
      <PageHeader title="Close day">
        <button type="button" className="btn" onClick={printCloseDay} disabled={!shown}>
          Print
        </button>
        <button type="button" className="btn" onClick={() => void exportCloseDay('csv')} disabled={!shown}>
          Export CSV
        </button>
        <button type="button" className="btn" onClick={() => void exportCloseDay('json')} disabled={!shown}>
          Export JSON
        </button>
      </PageHeader>
      {shown ? <PeriodPicker period={{ first: shown.date, last: shown.through }} /> : null}
      <TestPaymentsSwitch
        label="Include test payments"
        on={includeTestPayments}
        onChange={(on) => void setIncludeTestPayments(on)}
      />
      {shown ? <Report r={shown} /> : isLoading ? <Skeleton lines={8} /> : null}
    </>
  );
}
