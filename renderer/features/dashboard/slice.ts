import { chainApi } from '../chain/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { ReconciliationView, WatcherStatusView as WatcherStatus } from '../../../contract/chain';
import type { AssetCode } from '../../../contract/asset';
import type { Stats } from '../../../contract/console';

export interface DashboardSlice {
  stats: Stats | null;
  watcher: WatcherStatus | null;
  /** the last reconciliation of each asset asked for from this console, with what explains a difference */
  books: Partial<Record<AssetCode, ReconciliationView>>;
  isCheckingBooks: boolean;
  isDashboardLoading: boolean;
  isChecklistHidden: boolean;
  /** the dashboard's "Include test payments" switch: off, its figures are the real takings only */
  dashboardIncludesTest: boolean;
  loadDashboard(): Promise<void>;
  setDashboardIncludesTest(on: boolean): Promise<void>;
  hideChecklist(): void;
  loadWatcher(): Promise<void>;
  checkBooks(): Promise<void>;
}

/** The assets whose books the watcher keeps: USDT alone before a service that says. */
const booksAssets = (watcher: WatcherStatus | null): AssetCode[] =>
  watcher?.assetBooks?.map((b) => b.asset) ?? ['USDT'];

const CHECKLIST_HIDDEN_KEY = 'tontill.checklist.hidden';

export const createDashboardSlice: SliceCreator<DashboardSlice> = (set, get) => ({
  stats: null,
  watcher: null,
  books: {},
  isCheckingBooks: false,
  isDashboardLoading: false,
  isChecklistHidden: localStorage.getItem(CHECKLIST_HIDDEN_KEY) === '1',
  dashboardIncludesTest: false,
  loadDashboard: async () => {
    set({ isDashboardLoading: true });
    try {
      const [stats, watcher] = await Promise.all([chainApi.stats(get().dashboardIncludesTest), chainApi.watcher()]);
      set({ stats, watcher, unmatchedCount: stats.unmatched });
    } catch (err) {
      get().fail(err, 'Could not load the dashboard');
    } finally {
      set({ isDashboardLoading: false });
    }
  },
  setDashboardIncludesTest: async (on) => {
    set({ dashboardIncludesTest: on });
    await get().loadDashboard();
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
      const verdicts = await Promise.all(booksAssets(get().watcher).map((asset) => chainApi.reconcile(asset)));
      set({ books: Object.fromEntries(verdicts.map((v) => [v.asset, v])) });
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
export const selectDashboardIncludesTest = (s: ConsoleStore) => s.dashboardIncludesTest;
/** Payments ever paid (paid late included), or null before the first stats arrive. */
export const selectPaidCount = (s: ConsoleStore) => (s.stats ? s.stats.counts.paid : null);
export const selectIsChecklistHidden = (s: ConsoleStore) => s.isChecklistHidden;
export const selectDashboardActions = (s: ConsoleStore) => ({
  loadDashboard: s.loadDashboard,
  setDashboardIncludesTest: s.setDashboardIncludesTest,
  loadWatcher: s.loadWatcher,
  hideChecklist: s.hideChecklist,
  checkBooks: s.checkBooks,
});
export const selectBooks = (s: ConsoleStore) => s.books;
export const selectIsCheckingBooks = (s: ConsoleStore) => s.isCheckingBooks;
