import type { DesktopPreferences, UpdateState } from '../../../contract/desktop';
import { desktopApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';

export interface DesktopSlice {
  /** null in a browser, and in the desktop app until loaded */
  desktopPreferences: DesktopPreferences | null;
  /** the field main refused (`updates.feedUrl`) and why, shown beside it */
  desktopProblem: { field: string; message: string } | null;
  /** what the app's self-updater is doing; null in a browser or until loaded */
  desktopUpdate: UpdateState | null;
  loadDesktopPreferences(): Promise<void>;
  /** asked again while a check or a download is under way */
  loadDesktopUpdate(): Promise<void>;
  saveDesktopPreferences(preferences: DesktopPreferences): Promise<boolean>;
}

export const createDesktopSlice: SliceCreator<DesktopSlice> = (set, get) => ({
  desktopPreferences: null,
  desktopProblem: null,
  desktopUpdate: null,
  loadDesktopPreferences: async () => {
    if (!desktopApi.isAvailable()) return;
    try {
      const [desktopPreferences, desktopUpdate] = await Promise.all([
        desktopApi.preferences(),
        desktopApi.updateState(),
      ]);
      set({ desktopPreferences, desktopUpdate });
    } catch (err) {
      get().fail(err, 'Could not load the desktop app settings');
    }
  },
  loadDesktopUpdate: async () => {
    if (!desktopApi.isAvailable()) return;
    try {
      set({ desktopUpdate: await desktopApi.updateState() });
    } catch {
      // The next poll or a reload asks again; a toast every two seconds would help nobody.
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
      // A new feed is checked at once: show that it is.
      void get().loadDesktopUpdate();
      return true;
    } catch (err) {
      get().fail(err, 'Could not save the desktop app settings');
      return false;
    }
  },
});

export const selectDesktopPreferences = (s: ConsoleStore) => s.desktopPreferences;
export const selectDesktopProblem = (s: ConsoleStore) => s.desktopProblem;
export const selectDesktopUpdate = (s: ConsoleStore) => s.desktopUpdate;
export const selectDesktopActions = (s: ConsoleStore) => ({
  loadDesktopPreferences: s.loadDesktopPreferences,
  saveDesktopPreferences: s.saveDesktopPreferences,
  loadDesktopUpdate: s.loadDesktopUpdate,
});
