import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PAYMENT_STATUSES } from '../../../contract/payments';
import { BooksCard } from './BooksCard';
import { Skeleton } from '../../components/Empty';
import { FirstRunChecklist } from './FirstRunChecklist';
import { ProvenWalletNotice } from '../wallet-proof/ProvenWalletNotice';
import { LastBackup } from '../backups/LastBackup';
import { PageHeader } from '../../components/PageHeader';
import { RouteLink } from '../../components/RouteLink';
import { VolumeChart } from './VolumeChart';
import { linesWithMoney } from '../../lib/asset-lines';
import { STATUS_LABEL } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectDashboardActions, selectDashboardIncludesTest, selectIsDashboardLoading, selectStats } from './slice';
import { TestPaymentsSwitch } from '../../components/TestPaymentsSwitch';
import { TakingsCard } from './TakingsCard';
import { RatesCard } from './RatesCard';
import { WatcherCard } from './WatcherCard';
import { selectUnmatchedCount } from '../live/slice';
import { selectPaymentsActions } from '../payments/slice';
import { selectIsOwner } from '../staff/slice';
import { selectUiActions } from '../../store/ui-slice';

export function DashboardPage() {
  const stats = useConsoleStore(selectStats);
  const isLoading = useConsoleStore(selectIsDashboardLoading);
  const unmatched = useConsoleStore(selectUnmatchedCount);
  // the setup checklist, backups and the books are the owner's: a cashier's session is refused their reads
  const isOwner = useConsoleStore(selectIsOwner);
  const includesTest = useConsoleStore(selectDashboardIncludesTest);
  const { loadDashboard, setDashboardIncludesTest } = useConsoleStore(useShallow(selectDashboardActions));
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
          <ProvenWalletNotice />
          <LastBackup />
        </>
      ) : null}
      {!stats && isLoading ? <Skeleton lines={6} /> : null}
      {stats ? (
        <>
          <TestPaymentsSwitch
            label="Include test payments"
            on={includesTest}
            onChange={(on) => void setDashboardIncludesTest(on)}
          />
          <div className="kpis">
            <TakingsCard title="Taken in today" takings={stats.takings.today} testId="paid-today" />
            <TakingsCard title="Taken in this week" takings={stats.takings.week} testId="paid-week" />
            <section className="card kpi" aria-label="Needs attention">
              <h2>Unmatched transfers</h2>
              <p className="kpi-value" data-testid="unmatched-count">
                {unmatched}
              </p>
              <p className="muted">
                {unmatched ? (
                  <RouteLink to="unmatched" fallback="The owner reviews them">
                    Review the inbox
                  </RouteLink>
                ) : (
                  'Nothing waiting'
                )}
              </p>
            </section>
          </div>
          <div className="grid-2">
            <div className="stack">
              {linesWithMoney(stats.assets, (a) => a.series.some((b) => b.count > 0)).map((a) => (
                <section
                  key={a.currency}
                  className="card"
                  aria-labelledby={`chart-title-${a.currency}`}
                  data-asset={a.currency}
                >
                  <h2 id={`chart-title-${a.currency}`}>Paid volume in {a.currency}, last 14 days</h2>
                  <VolumeChart series={a.series} asset={a.currency} />
                </section>
              ))}
            </div>
            <div className="stack">
              <WatcherCard />
              {isOwner ? <RatesCard /> : null}
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
                    // the list the count leads to holds the payments it counted
                    onClick={() => setFilters({ status: s, includeTest: includesTest })}
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
