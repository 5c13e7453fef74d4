import { ApiError } from '../../api/client';
import { reportsApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { TimeZoneSetting } from '../../../contract/console-settings';
import type { CloseDayReport } from '../../../contract/reports';
import type { Period } from './period';

export interface CloseDaySlice {
  closeDay: CloseDayReport | null;
  isCloseDayLoading: boolean;
  /** count the payments made to try the flow (the widget preview's, the demo shop's); off by default */
  includeTestPayments: boolean;
  timeZone: TimeZoneSetting | null;
  isSavingTimeZone: boolean;
  /** why the last time zone was refused, or null */
  timeZoneProblem: string | null;
  /** Days of the store (YYYY-MM-DD, one or a range), or today in the store's time zone when null. */
  loadCloseDay(period: Period | null): Promise<void>;
  /** the "Include test payments" switch: reloads the report on screen */
  setIncludeTestPayments(on: boolean): Promise<void>;
  exportCloseDay(format: 'csv' | 'json'): Promise<void>;
  printCloseDay(): void;
  loadTimeZone(): Promise<void>;
  saveTimeZone(timeZone: string): Promise<boolean>;
}

export const createCloseDaySlice: SliceCreator<CloseDaySlice> = (set, get) => {
  // Days picked quickly one after another: only the last one asked for may land on screen.
  let asked = 0;
  return {
    closeDay: null,
    isCloseDayLoading: false,
    includeTestPayments: false,
    timeZone: null,
    isSavingTimeZone: false,
    timeZoneProblem: null,
    loadCloseDay: async (period) => {
      const ticket = ++asked;
      set({ isCloseDayLoading: true });
      try {
        const report = await reportsApi.closeDay(period, get().includeTestPayments);
        if (ticket === asked) set({ closeDay: report });
      } catch (err) {
        get().fail(err, 'Could not load the daily close');
      } finally {
        if (ticket === asked) set({ isCloseDayLoading: false });
      }
    },
    setIncludeTestPayments: async (on) => {
      set({ includeTestPayments: on });
      const report = get().closeDay;
      await get().loadCloseDay(report ? { first: report.date, last: report.through } : null);
    },
    exportCloseDay: async (format) => {
      const report = get().closeDay;
      if (!report) return;
      const period = { first: report.date, last: report.through };
      try {
        const includeTest = report.includeTest;
        const { name } = await (format === 'csv'
          ? reportsApi.exportCsv(period, includeTest)
          : reportsApi.exportJson(period, includeTest));
        get().toast('success', `Saved ${name}`);
      } catch (err) {
        get().fail(err, 'Export failed');
      }
    },
    printCloseDay: () => reportsApi.print(),
    loadTimeZone: async () => {
      try {
        set({ timeZone: await reportsApi.timeZone() });
      } catch (err) {
        get().fail(err, 'Could not load the time zone');
      }
    },
    saveTimeZone: async (timeZone) => {
      set({ isSavingTimeZone: true, timeZoneProblem: null });
      try {
        const saved = await reportsApi.saveTimeZone(timeZone);
        set({ timeZone: saved });
        get().toast('success', `Days now begin and end at midnight in ${saved.timeZone}.`);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) set({ timeZoneProblem: err.message });
        else get().fail(err, 'Could not save the time zone');
        return false;
      } finally {
        set({ isSavingTimeZone: false });
      }
    },
  };
};

export const selectCloseDay = (s: ConsoleStore) => s.closeDay;
export const selectIsCloseDayLoading = (s: ConsoleStore) => s.isCloseDayLoading;
export const selectIncludeTestPayments = (s: ConsoleStore) => s.includeTestPayments;
export const selectTimeZone = (s: ConsoleStore) => s.timeZone;
export const selectIsSavingTimeZone = (s: ConsoleStore) => s.isSavingTimeZone;
export const selectTimeZoneProblem = (s: ConsoleStore) => s.timeZoneProblem;
export const selectCloseDayActions = (s: ConsoleStore) => ({
  loadCloseDay: s.loadCloseDay,
  setIncludeTestPayments: s.setIncludeTestPayments,
  exportCloseDay: s.exportCloseDay,
  printCloseDay: s.printCloseDay,
  loadTimeZone: s.loadTimeZone,
  saveTimeZone: s.saveTimeZone,
});
