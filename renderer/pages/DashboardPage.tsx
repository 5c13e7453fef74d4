import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PAYMENT_STATUSES } from '../../contract/payments';
import { Skeleton } from '../components/Empty';
import { FirstRunChecklist } from '../components/FirstRunChecklist';
import { PageHeader } from '../components/Layout';
import { VolumeChart } from '../components/VolumeChart';
import { formatUsdt, relativeTime, STATUS_LABEL } from '../lib/format';
import { useConsoleStore } from '../store';
import { selectDashboardActions, selectIsDashboardLoading, selectStats, selectWatcher } from '../store/slices/dashboard';
import { selectUnmatchedCount } from '../store/slices/live';
import { selectPaymentsActions } from '../store/slices/payments';
import { selectUiActions } from '../store/slices/ui';

function WatcherCard() {
  const watcher = useConsoleStore(selectWatcher);
  if (!watcher) return <section className="card"><h2>Chain watcher</h2><Skeleton lines={4} /></section>;
  const healthy = watcher.running && (watcher.consecutiveErrors ?? 0) === 0;
  return (
    <section className="card" aria-labelledby="watcher-title">
      <h2 id="watcher-title">Chain watcher</h2>
      <p className={`health ${healthy ? 'health-ok' : 'health-bad'}`} data-testid="watcher-health">
        <span className="dot" aria-hidden="true" />
        {watcher.running ? (healthy ? 'Watching' : 'Retrying after errors') : 'Stopped'}
      </p>
      <dl className="facts">
        <dt>Mode</dt><dd><span className={`mode mode-${watcher.mode}`}>{watcher.mode}</span></dd>
        <dt>Last poll</dt><dd>{relativeTime(watcher.lastPollAt)}</dd>
        <dt>Lag</dt><dd>{watcher.lagSeconds === null || watcher.lagSeconds === undefined ? '—' : `${watcher.lagSeconds} s`}</dd>
        <dt>Errors</dt><dd>{watcher.consecutiveErrors ?? 0}{watcher.lastError ? <span className="error-text"> · {watcher.lastError}</span> : null}</dd>
      </dl>
    </section>
  );
}

export function DashboardPage() {
  const stats = useConsoleStore(selectStats);
  const isLoading = useConsoleStore(selectIsDashboardLoading);
  const unmatched = useConsoleStore(selectUnmatchedCount);
  const { loadDashboard } = useConsoleStore(useShallow(selectDashboardActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  const { setFilters } = useConsoleStore(useShallow(selectPaymentsActions));
  useEffect(() => {
    void loadDashboard();
  }, [loadDashboard]);

  return (
    <>
      <PageHeader title="Dashboard">
        <button type="button" className="btn btn-primary" onClick={() => navigate('invoice')}>New invoice</button>
      </PageHeader>
      <FirstRunChecklist />
      {!stats && isLoading ? <Skeleton lines={6} /> : null}
      {stats ? (
        <>
          <div className="kpis">
            <section className="card kpi" aria-label="Paid today">
              <h2>Paid today</h2>
              <p className="kpi-value" data-testid="paid-today">{formatUsdt(stats.today.volume)} <small>USDT</small></p>
              <p className="muted">{stats.today.count} payment{stats.today.count === 1 ? '' : 's'}</p>
            </section>
            <section className="card kpi" aria-label="Paid this week">
              <h2>This week</h2>
              <p className="kpi-value" data-testid="paid-week">{formatUsdt(stats.week.volume)} <small>USDT</small></p>
              <p className="muted">{stats.week.count} payment{stats.week.count === 1 ? '' : 's'}</p>
            </section>
            <section className="card kpi" aria-label="Needs attention">
              <h2>Unmatched transfers</h2>
              <p className="kpi-value" data-testid="unmatched-count">{unmatched}</p>
              <p className="muted">{unmatched ? <a href="#/unmatched">Review the inbox</a> : 'Nothing waiting'}</p>
            </section>
          </div>
          <div className="grid-2">
            <section className="card" aria-labelledby="chart-title">
              <h2 id="chart-title">Paid volume, last 14 days</h2>
              <VolumeChart series={stats.series} />
            </section>
            <WatcherCard />
          </div>
          <section className="card" aria-labelledby="counts-title">
            <h2 id="counts-title">Payments by status</h2>
            <ul className="status-counts">
              {PAYMENT_STATUSES.map((s) => (
                <li key={s}>
                  <a href={`#/payments`} onClick={() => setFilters({ status: s })} className={`status-count status-${s}`} data-testid={`count-${s}`}>
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
