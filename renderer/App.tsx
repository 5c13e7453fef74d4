import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Layout } from './components/Layout';
import { Toasts } from './components/Toasts';
import { useHashRoute } from './hooks/useHashRoute';
import { useInterval } from './hooks/useInterval';
import { useShortcuts } from './hooks/useShortcuts';
import { useStoreTimeZone } from './hooks/useStoreTimeZone';
import { isClosedTo, routeOf } from './routes';
import { TillView } from './features/till/TillView';
import { useConsoleStore } from './store';
import { selectDashboardActions } from './features/dashboard/slice';
import { selectLiveActions } from './features/live/slice';
import { selectRole, selectStaffActions } from './features/staff/slice';
import { selectIsTill } from './features/till/slice';
import { SignedOut, useRememberedRole } from './features/signin/SignedOut';
import { selectIsUnauthorized, selectPage, selectTheme } from './store/ui-slice';

function Screen({ page }: { page: string }) {
  const { Page } = routeOf(page);
  return <Page />;
}

/** An owner's screen opened in a cashier's session (a typed or bookmarked address): said once, instead of refused calls. */
function OwnerOnly() {
  const role = useConsoleStore(selectRole);
  // until the session answers, an owner's screen waits rather than flash this
  if (role === null) return null;
  return (
    <div className="card" data-testid="owner-only">
      <h1>Only the owner can open this</h1>
      <p>
        You are signed in as a cashier: the till, new invoices and payments are yours to use.{' '}
        <a href="#/dashboard">Back to the dashboard</a>
      </p>
    </div>
  );
}

export function App() {
  useHashRoute();
  useShortcuts();
  useStoreTimeZone();
  const page = useConsoleStore(selectPage);
  const theme = useConsoleStore(selectTheme);
  const isTill = useConsoleStore(selectIsTill);
  const isUnauthorized = useConsoleStore(selectIsUnauthorized);
  const { loadWatcher, loadDashboard } = useConsoleStore(useShallow(selectDashboardActions));
  const { startLive, stopLive } = useConsoleStore(useShallow(selectLiveActions));
  const role = useConsoleStore(selectRole);
  const { loadSession } = useConsoleStore(useShallow(selectStaffActions));
  const lastRole = useRememberedRole();

  useEffect(() => {
    void loadSession();
  }, [loadSession]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    void loadDashboard();
  }, [loadDashboard]);
  useInterval(() => void loadWatcher(), isUnauthorized ? null : 5_000);
  // One stream per tab drives every screen; a signed-out console has nothing to stream.
  useEffect(() => {
    if (isUnauthorized) return undefined;
    startLive();
    return stopLive;
  }, [isUnauthorized, startLive, stopLive]);
  useEffect(() => {
    const title = page.charAt(0).toUpperCase() + page.slice(1);
    document.title = `${title} · TonTill`;
  }, [page]);

  if (isUnauthorized)
    return (
      <>
        <SignedOut role={lastRole} />
        <Toasts />
      </>
    );
  if (isTill)
    return (
      <>
        <TillView />
        <Toasts />
      </>
    );
  return (
    <>
      <Layout>{isClosedTo(role, page) ? <OwnerOnly /> : <Screen page={page} />}</Layout>
      <Toasts />
    </>
  );
}
