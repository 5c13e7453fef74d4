import { chainApi } from '../chain/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { ReconciliationView, WatcherStatusView as WatcherStatus } from '../../../contract/chain';
import type { Stats } from '../../../contract/console';

export interface DashboardSlice {
  stats: Stats | null;
  watcher: WatcherStatus | null;
  /** the last reconciliation asked for from this console, with what explains a difference */
  books: ReconciliationView | null;
  isCheckingBooks: boolean;
  isDashboardLoading: boolean;
  isChecklistHidden: boolean;
  loadDashboard(): Promise<void>;
  hideChecklist(): void;
  loadWatcher(): Promise<void>;
  checkBooks(): Promise<void>;
}

const CHECKLIST_HIDDEN_KEY = 'tontill.checklist.hidden';

export const createDashboardSlice: SliceCreator<DashboardSlice> = (set, get) => ({
  stats: null,
  watcher: null,
  books: null,
  isCheckingBooks: false,
  isDashboardLoading: false,
  isChecklistHidden: localStorage.getItem(CHECKLIST_HIDDEN_KEY) === '1',
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
  hideChecklist: () => {
    localStorage.setItem(CHECKLIST_HIDDEN_KEY, '1');
    set({ isChecklistHidden: true });
  },
  loadWatcher: async () => {
    try {
      set({ watcher: await chainApi.watcher() });
    } catch {
      /* the dashboard keeps the last status; the next refresh reports a lasting failure */
    }
  },
  checkBooks: async () => {
    set({ isCheckingBooks: true });
    try {
      set({ books: await chainApi.reconcile() });
      await get().loadWatcher();
    } catch (err) {
      get().fail(err, 'Could not check the books');
    } finally {
      set({ isCheckingBooks: false });
    }
  },
});

export const selectStats = (s: ConsoleStore) => s.stats;
export const selectWatcher = (s: ConsoleStore) => s.watcher;
export const selectChainMode = (s: ConsoleStore) => s.watcher?.mode ?? null;
export const selectIsDashboardLoading = (s: ConsoleStore) => s.isDashboardLoading;
/** Payments ever paid (paid late included), or null before the first stats arrive. */
export const selectPaidCount = (s: ConsoleStore) => (s.stats ? s.stats.counts.paid : null);
export const selectIsChecklistHidden = (s: ConsoleStore) => s.isChecklistHidden;
export const selectDashboardActions = (s: ConsoleStore) => ({
  loadDashboard: s.loadDashboard,
  loadWatcher: s.loadWatcher,
  hideChecklist: s.hideChecklist,
  checkBooks: s.checkBooks,
});
export const selectBooks = (s: ConsoleStore) => s.books;
export const selectIsCheckingBooks = (s: ConsoleStore) => s.isCheckingBooks;
