import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PAYMENT_STATUSES } from '../../../contract/payments';
import { BooksCard } from './BooksCard';
import { Skeleton } from '../../components/Empty';
import { FirstRunChecklist } from './FirstRunChecklist';
import { LastBackup } from '../backups/LastBackup';
import { PageHeader } from '../../components/PageHeader';
import { VolumeChart } from './VolumeChart';
import { useInterval } from '../../hooks/useInterval';
import { describeWatcher } from '../chain/describe-watcher';
import { formatUsdt, STATUS_LABEL } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectStandsBy } from '../backups/slice';
import { selectDashboardActions, selectIsDashboardLoading, selectStats, selectWatcher } from './slice';
import { selectUnmatchedCount } from '../live/slice';
import { selectPaymentsActions } from '../payments/slice';
import { selectIsOwner } from '../staff/slice';
import { selectUiActions } from '../../store/ui-slice';

function WatcherCard() {
  const watcher = useConsoleStore(selectWatcher);
  // the words say "3 s ago": they follow the clock between two loads of the status
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000);
  const standby = useConsoleStore(selectStandsBy);
  if (!watcher)
    return (
      <section className="card">
        <h2>Chain watcher</h2>
        <Skeleton lines={4} />
      </section>
    );
  const words = describeWatcher(watcher, now, { standby });
  return (
    <section className="card" aria-labelledby="watcher-title">
      <h2 id="watcher-title">Chain watcher</h2>
      <p className={`health health-${words.tone}`} data-testid="watcher-health" role="status" aria-live="polite">
        <span className="dot" aria-hidden="true" />
        <span>
          {words.headline} <span className="health-detail">— {words.detail}</span>
        </span>
      </p>
      <dl className="facts">
        <dt>Mode</dt>
        <dd>
          <span className={`mode mode-${watcher.mode}`}>{watcher.mode}</span>
        </dd>
        <dt>Watching</dt>
        <dd>
          {watcher.watchedAccount ? (
            <code className="wrap" title="Your USDT wallet on the chain">
              {watcher.watchedAccount}
            </code>
          ) : (
            '—'
          )}
        </dd>
      </dl>
    </section>
  );
}

export function DashboardPage() {
  const stats = useConsoleStore(selectStats);
  const isLoading = useConsoleStore(selectIsDashboardLoading);
  const unmatched = useConsoleStore(selectUnmatchedCount);
  // the setup checklist, backups and the books are the owner's: a cashier's session is refused their reads
  const isOwner = useConsoleStore(selectIsOwner);
  const { loadDashboard } = useConsoleStore(useShallow(selectDashboardActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const { setFilters } = useConsoleStore(useShallow(selectPaymentsActions));
  useEffect(() => {
    void loadDashboard();
  }, [loadDashboard]);

  return (
    <>
      <PageHeader title="Dashboard">
        <button type="button" className="btn btn-primary" onClick={() => navigate('invoice')}>
          New invoice
        </button>
      </PageHeader>
      {isOwner ? (
        <>
          <FirstRunChecklist />
          <LastBackup />
        </>
      ) : null}
      {!stats && isLoading ? <Skeleton lines={6} /> : null}
      {stats ? (
        <>
          <div className="kpis">
            <section className="card kpi" aria-label="Paid today">
              <h2>Paid today</h2>
              <p className="kpi-value" data-testid="paid-today">
                {formatUsdt(stats.today.volume)} <small>USDT</small>
              </p>
              <p className="muted">
                {stats.today.count} payment{stats.today.count === 1 ? '' : 's'}
              </p>
            </section>
            <section className="card kpi" aria-label="Paid this week">
              <h2>This week</h2>
              <p className="kpi-value" data-testid="paid-week">
                {formatUsdt(stats.week.volume)} <small>USDT</small>
              </p>
              <p className="muted">
                {stats.week.count} payment{stats.week.count === 1 ? '' : 's'}
              </p>
            </section>
            <section className="card kpi" aria-label="Needs attention">
              <h2>Unmatched transfers</h2>
              <p className="kpi-value" data-testid="unmatched-count">
                {unmatched}
              </p>
              <p className="muted">{unmatched ? <a href="#/unmatched">Review the inbox</a> : 'Nothing waiting'}</p>
            </section>
          </div>
          <div className="grid-2">
            <section className="card" aria-labelledby="chart-title">
              <h2 id="chart-title">Paid volume, last 14 days</h2>
              <VolumeChart series={stats.series} />
            </section>
            <div className="stack">
              <WatcherCard />
              {isOwner ? <BooksCard /> : null}
            </div>
          </div>
          <section className="card" aria-labelledby="counts-title">
            <h2 id="counts-title">Payments by status</h2>
            <ul className="status-counts">
              {PAYMENT_STATUSES.map((s) => (
                <li key={s}>
                  <a
                    href={`#/payments`}
                    onClick={() => setFilters({ status: s })}
                    className={`status-count status-${s}`}
                    data-testid={`count-${s}`}
                  >
                    <span className="status-count-n">{stats.counts[s].toLocaleString()}</span>
                    <span>{STATUS_LABEL[s]}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </>
  );
}
