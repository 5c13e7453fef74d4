import { chainApi } from '../../api/chain';
import type { WatcherStatusView as WatcherStatus } from '../../../contract/chain';
import type { Stats } from '../../../contract/console';
import type { SliceCreator } from '../types';

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
      set({ stats, watcher });
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
