import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectChainMode,
  selectDashboardActions,
  selectIsDashboardLoading,
  selectStats,
  selectWatcher,
} from '../../renderer/features/dashboard/slice';
import { selectUnmatchedCount } from '../../renderer/features/live/slice';
import { selectIsUnauthorized } from '../../renderer/store/ui-slice';
import { startStoreHarness, type StoreHarness } from './store-harness';

describe('dashboard slice: stats and the watcher status from the real service', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });
  const invoice = async (amount: string) =>
    (await h.server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;

  it('knows nothing before the first load', () => {
    const s = h.newStore().getState();
    expect([
      selectStats(s),
      selectWatcher(s),
      selectChainMode(s),
      selectUnmatchedCount(s),
      selectIsDashboardLoading(s),
    ]).toEqual([null, null, null, 0, false]);
  });

  it('loads counts by status, paid volume, the unmatched inbox and the sandbox watcher', async () => {
    const paid = await invoice('10.00');
    const cancelled = await invoice('2.00');
    const open = await invoice('3.00');
    await h.server.services.payments.cancel(cancelled.id);
    await h.server.simulator!.pay({ paymentId: paid.id });
    await h.server.simulator!.pay({ paymentId: open.id, case: 'no-comment' });

    const store = h.newStore();
    const loading = selectDashboardActions(store.getState()).loadDashboard();
    expect(selectIsDashboardLoading(store.getState())).toBe(true);
    await loading;
    const s = store.getState();
    expect(selectIsDashboardLoading(s)).toBe(false);
    expect(selectStats(s)?.counts).toMatchObject({ paid: 1, cancelled: 1, pending: 1 });
    expect(selectStats(s)?.today).toEqual({ count: 1, volume: '10.00' });
    expect(selectUnmatchedCount(s)).toBe(1);
    expect(selectChainMode(s)).toBe('sandbox');
    expect(selectWatcher(s)).toMatchObject({ mode: 'sandbox', running: true });
    expect(s.toasts).toEqual([]);
  });

  it('refreshes the watcher alone', async () => {
    const store = h.newStore();
    await selectDashboardActions(store.getState()).loadWatcher();
    expect(selectWatcher(store.getState())).toMatchObject({ mode: 'sandbox', running: true });
    expect(selectStats(store.getState())).toBeNull();
  });

  it('a refused session signs the console out (its screen says so, no toast) and keeps what it showed; a failed watcher refresh stays quiet', async () => {
    const store = h.newStore();
    const { loadDashboard, loadWatcher } = selectDashboardActions(store.getState());
    await loadDashboard();
    const { stats, watcher } = store.getState();
    await h.signIn('not-a-console-session');
    await loadDashboard();
    expect(store.getState().toasts).toEqual([]);
    expect(selectIsUnauthorized(store.getState())).toBe(true);
    expect(selectStats(store.getState())).toBe(stats);
    await loadWatcher();
    expect(selectWatcher(store.getState())).toBe(watcher);
    expect(store.getState().toasts).toEqual([]);
    await h.signIn();
  });
});
