import type { DesktopPreferences } from '../../../contract/desktop';
import { desktopApi } from '../../api/desktop';
import type { ConsoleStore, SliceCreator } from '../types';

export interface DesktopSlice {
  /** null in a browser, and in the desktop app until loaded */
  desktopPreferences: DesktopPreferences | null;
  /** the field main refused (`updates.feedUrl`) and why, shown beside it */
  desktopProblem: { field: string; message: string } | null;
  loadDesktopPreferences(): Promise<void>;
  saveDesktopPreferences(preferences: DesktopPreferences): Promise<boolean>;
}

export const createDesktopSlice: SliceCreator<DesktopSlice> = (set, get) => ({
  desktopPreferences: null,
  desktopProblem: null,
  loadDesktopPreferences: async () => {
    if (!desktopApi.isAvailable()) return;
    try {
      set({ desktopPreferences: await desktopApi.preferences() });
    } catch (err) {
      get().fail(err, 'Could not load the desktop app settings');
    }
  },
  saveDesktopPreferences: async (preferences) => {
    try {
      const result = await desktopApi.savePreferences(preferences);
      if (!result.ok) {
        set({ desktopProblem: { field: result.field, message: result.message } });
        return false;
      }
      set({ desktopPreferences: result.preferences, desktopProblem: null });
      get().toast('success', 'Desktop app settings saved.');
      return true;
    } catch (err) {
      get().fail(err, 'Could not save the desktop app settings');
      return false;
    }
  },
});

export const selectDesktopPreferences = (s: ConsoleStore) => s.desktopPreferences;
export const selectDesktopProblem = (s: ConsoleStore) => s.desktopProblem;
export const selectDesktopActions = (s: ConsoleStore) => ({
  loadDesktopPreferences: s.loadDesktopPreferences, saveDesktopPreferences: s.saveDesktopPreferences,
});
