import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CloseDayReport } from '../../../contract/reports';
import { Skeleton } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime, formatUsdt } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectCloseDay, selectCloseDayActions, selectIsCloseDayLoading } from './slice';
import { selectRouteParam, selectUiActions } from '../../store/ui-slice';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** The calendar day `days` away from `date` (YYYY-MM-DD): dates, not instants, so no zone applies. */
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });

function DayPicker({ date }: { date: string }) {
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const go = (next: string) => navigate(`close-day/${next}`);
  return (
    <div className="close-day-nav" role="group" aria-label="Day">
      <button type="button" className="btn" onClick={() => go(shiftDate(date, -1))} aria-label="Previous day">
        ‹ Previous
      </button>
      <input
        type="date"
        aria-label="Date"
        value={date}
        required
        onChange={(e) => {
          if (DATE.test(e.target.value)) go(e.target.value);
        }}
      />
      <button type="button" className="btn" onClick={() => go(shiftDate(date, 1))} aria-label="Next day">
        Next ›
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => navigate('close-day')}>
        Today
      </button>
    </div>
  );
}

function Line({
  figure,
  label,
  count,
  total,
  sign = '',
  tone,
}: {
  figure: string;
  label: string;
  count: number | null;
  total: string;
  sign?: string;
  tone?: 'sum' | 'net' | 'sub';
}) {
  return (
    <tr className={tone ? `close-day-line-${tone}` : undefined} data-figure={figure}>
      <th scope="row">{label}</th>
      <td className="num">{count ?? ''}</td>
      <td className="num">
        {sign}
        {formatUsdt(total)}
      </td>
    </tr>
  );
}

function Report({ r }: { r: CloseDayReport }) {
  const clocksChanged = r.hours !== 24;
  return (
    <article className="card close-day" data-testid="close-day-report" aria-labelledby="close-day-title">
      <header className="close-day-head">
        <p className="close-day-store">{r.store || 'TonTill'}</p>
        <h2 id="close-day-title">Close of day · {longDate.format(new Date(`${r.date}T00:00:00Z`))}</h2>
        <p className="muted small">
          Midnight to midnight in {r.timeZone}
          {clocksChanged ? ` · a ${r.hours}-hour day: the clocks changed` : ''}
        </p>
      </header>
      <div className="close-day-net">
        <span className="muted">Net takings</span>
        <strong data-testid="close-day-net">
          {formatUsdt(r.netTakings)} <small>USDT</small>
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
              USDT
            </th>
          </tr>
        </thead>
        <tbody>
          <Line figure="paid" label="Paid" count={r.paid.count} total={r.paid.total} />
          <Line figure="overpaid" label="Overpaid" count={r.overpaid.count} total={r.overpaid.total} />
          {r.overpaid.extra !== '0.00' ? (
            <Line
              figure="overpaid-extra"
              label="of which paid beyond the amount"
              count={null}
              total={r.overpaid.extra}
              tone="sub"
            />
          ) : null}
          <Line
            figure="partially-paid"
            label="Partially paid"
            count={r.partiallyPaid.count}
            total={r.partiallyPaid.total}
          />
          <Line figure="taken-in" label="Taken in" count={r.takenIn.count} total={r.takenIn.total} tone="sum" />
          <Line
            figure="refunded"
            label="Refunds sent"
            count={r.refunded.count}
            total={r.refunded.total}
            sign={r.refunded.total === '0.00' ? '' : '− '}
          />
          <Line figure="net" label="Net takings" count={null} total={r.netTakings} tone="net" />
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
          <Line figure="expired" label="Expired unpaid" count={r.expired.count} total={r.expired.total} />
        </tbody>
      </table>
      <p className="muted small close-day-rules">
        Paid and overpaid count on the day they were completed, partially paid on the day they were created (still open,
        or closed holding part of the amount); refunds on the day they were sent. Expired: payments whose time ran out
        that day.
      </p>
      <p className="muted small">
        Made {formatDateTime(r.generatedAt)}. Later payments, refunds and expiries can still change a day&rsquo;s
        figures.
      </p>
    </article>
  );
}

/** The daily close: one day of the store's takings, to read, print or export. `#/close-day/<date>`, or today. */
export function CloseDayPage() {
  const param = useConsoleStore(selectRouteParam);
  const report = useConsoleStore(selectCloseDay);
  const isLoading = useConsoleStore(selectIsCloseDayLoading);
  const { loadCloseDay, exportCloseDay, printCloseDay } = useConsoleStore(useShallow(selectCloseDayActions));
  const date = param && DATE.test(param) ? param : null;
  useEffect(() => {
    void loadCloseDay(date);
  }, [date, loadCloseDay]);
  const shown = report && (date === null || report.date === date) ? report : null;
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
      {shown ? <DayPicker date={shown.date} /> : null}
      {shown ? <Report r={shown} /> : isLoading ? <Skeleton lines={8} /> : null}
    </>
  );
}
