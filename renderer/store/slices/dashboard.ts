import { chainApi } from '../../api/chain';
import type { ConsoleStore, SliceCreator } from '../types';
import type { WatcherStatusView as WatcherStatus } from '../../../contract/chain';
import type { Stats } from '../../../contract/console';

export interface DashboardSlice {
  stats: Stats | null;
  watcher: WatcherStatus | null;
  isDashboardLoading: boolean;
  loadDashboard(): Promise<void>;
  loadWatcher(): Promise<void>;
}

export const createDashboardSlice: SliceCreator<DashboardSlice> = (set, get) => ({
  stats: null,
  watcher: null,
  isDashboardLoading: false,
  loadDashboard: async () => {
    set({ isDashboardLoading: true });
    try {
      const [stats, watcher] = await Promise.all([chainApi.stats(), chainApi.watcher()]);
      set({ stats, watcher, unmatchedCount: stats.unmatched });
    } catch (err) {
      get().fail(err, 'Could not load the dashboard');
    } finally {
      set({ isDashboardLoading: false });
    }
  },
  loadWatcher: async () => {
    try {
      set({ watcher: await chainApi.watcher() });
    } catch { /* the dashboard keeps the last status; the next refresh reports a lasting failure */ }
  },
});

export const selectStats = (s: ConsoleStore) => s.stats;
export const selectWatcher = (s: ConsoleStore) => s.watcher;
export const selectChainMode = (s: ConsoleStore) => s.watcher?.mode ?? null;
export const selectIsDashboardLoading = (s: ConsoleStore) => s.isDashboardLoading;
export const selectDashboardActions = (s: ConsoleStore) => ({ loadDashboard: s.loadDashboard, loadWatcher: s.loadWatcher });
