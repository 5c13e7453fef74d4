import { ApiError } from '../../api/client';
import { settingsApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { ApiKey } from '../../../contract/console';
import type { SettingsProblem as Problem, SettingsInput, SettingsView } from '../../../contract/console-settings';

export interface SettingsSlice {
  settings: SettingsView | null;
  settingsProblems: Problem[];
  isSavingSettings: boolean;
  isRestarting: boolean;
  /** why the last restart to apply failed (the service keeps the running chain), or null */
  restartProblem: Problem | null;
  apiKeys: ApiKey[];
  newApiKey: { name: string; key: string } | null;
  loadSettings(): Promise<void>;
  /** Asks the service whether `input` would save, marking every problem; saves nothing. */
  checkSettings(input: SettingsInput): Promise<boolean>;
  saveSettings(input: SettingsInput): Promise<boolean>;
  restartToApply(): Promise<boolean>;
  allowOrigin(origin: string): Promise<void>;
  dismissRefusedOrigin(origin: string): Promise<void>;
  loadApiKeys(): Promise<void>;
  createApiKey(name: string): Promise<void>;
  revokeApiKey(id: string): Promise<void>;
  dismissNewApiKey(): void;
  downloadBackup(): Promise<void>;
  uploadRestore(file: File): Promise<void>;
  cancelRestore(): Promise<void>;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get) => {
  /** A refused draft (checked or saved): the field it names is marked, and a toast says it was not saved. */
  const notSaved = (err: unknown) => {
    if (err instanceof ApiError && err.status === 400)
      set({ settingsProblems: [{ field: err.field ?? 'settings', message: err.message }] });
    get().fail(err, 'Could not save settings');
  };
  return {
    settings: null,
    settingsProblems: [],
    isSavingSettings: false,
    isRestarting: false,
    restartProblem: null,
    apiKeys: [],
    newApiKey: null,
    loadSettings: async () => {
      try {
        set({ settings: await settingsApi.get() });
      } catch (err) {
        get().fail(err, 'Could not load settings');
      }
    },
    checkSettings: async (input) => {
      set({ isSavingSettings: true, settingsProblems: [] });
      try {
        // Every problem at once, not one per attempt.
        const check = await settingsApi.validate(input);
        if (check.valid) return true;
        set({ settingsProblems: check.problems });
        get().toast(
          'error',
          `Not saved: ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'} to fix`,
        );
        return false;
      } catch (err) {
        notSaved(err);
        return false;
      } finally {
        set({ isSavingSettings: false });
      }
    },
    saveSettings: async (input) => {
      if (!(await get().checkSettings(input))) return false;
      set({ isSavingSettings: true });
      try {
        const settings = await settingsApi.save(input);
        set({ settings, restartProblem: null });
        get().toast(
          'success',
          settings.restartRequired ? 'Saved. Chain and payment settings apply when the service restarts.' : 'Saved.',
        );
        return true;
      } catch (err) {
        notSaved(err);
        return false;
      } finally {
        set({ isSavingSettings: false });
      }
    },
    restartToApply: async () => {
      set({ isRestarting: true, restartProblem: null });
      try {
        // the answer is the settings after the restart (running equals saved)
        set({ settings: await settingsApi.restart() });
        // the banner and the mode badge read the running chain from the watcher
        await get().loadWatcher();
        get().toast('success', 'Restarted: the saved settings now apply.');
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 400)
          set({ restartProblem: { field: err.field ?? 'chain', message: err.message } });
        else get().fail(err, 'Could not restart');
        return false;
      } finally {
        set({ isRestarting: false });
      }
    },
    allowOrigin: async (origin) => {
      try {
        set({ settings: await settingsApi.allowOrigin(origin) });
        get().toast('success', `${origin} may now embed your checkout.`);
      } catch (err) {
        get().fail(err, `Could not allow ${origin}`);
      }
    },
    dismissRefusedOrigin: async (origin) => {
      try {
        set({ settings: await settingsApi.dismissRefusedOrigin(origin) });
      } catch (err) {
        get().fail(err, 'Could not dismiss it');
      }
    },
    loadApiKeys: async () => {
      try {
        set({ apiKeys: (await settingsApi.apiKeys()).items });
      } catch (err) {
        get().fail(err, 'Could not load API keys');
      }
    },
    createApiKey: async (name) => {
      try {
        const { key, apiKey } = await settingsApi.createApiKey(name);
        set((s) => ({ newApiKey: { name: apiKey.name, key }, apiKeys: [apiKey, ...s.apiKeys] }));
      } catch (err) {
        get().fail(err, 'Could not create the key');
      }
    },
    revokeApiKey: async (id) => {
      try {
        await settingsApi.revokeApiKey(id);
        get().toast('info', 'Key revoked');
        await get().loadApiKeys();
      } catch (err) {
        get().fail(err, 'Could not revoke');
      }
    },
    dismissNewApiKey: () => set({ newApiKey: null }),
    downloadBackup: async () => {
      try {
        const { name, bytes } = await settingsApi.backup();
        get().toast('success', `Backup ${name} (${Math.round(bytes / 1024)} KB) downloaded`);
      } catch (err) {
        get().fail(err, 'Backup failed');
      }
    },
    uploadRestore: async (file) => {
      try {
        const result = await settingsApi.restore(file);
        get().toast(
          'success',
          `Backup checked (${result.payments} payments). It replaces the ledger when TonTill restarts; until then no change is accepted.`,
        );
        await get().loadSettings();
      } catch (err) {
        get().fail(err, 'Restore refused');
      }
    },
    cancelRestore: async () => {
      try {
        await settingsApi.cancelRestore();
        await get().loadSettings();
      } catch (err) {
        get().fail(err, 'Could not cancel the restore');
      }
    },
  };
};

export const selectSettings = (s: ConsoleStore) => s.settings;
/** The wallet saved for the next start ('' when none), or null before settings are loaded. */
export const selectSavedMerchantAddress = (s: ConsoleStore) =>
  s.settings ? s.settings.saved.chain.merchantAddress : null;
export const selectSettingsProblems = (s: ConsoleStore) => s.settingsProblems;
export const selectHasSettingsProblems = (s: ConsoleStore) => s.settingsProblems.length > 0;
export const selectIsSavingSettings = (s: ConsoleStore) => s.isSavingSettings;
export const selectIsRestarting = (s: ConsoleStore) => s.isRestarting;
export const selectRestartProblem = (s: ConsoleStore) => s.restartProblem;
export const selectApiKeys = (s: ConsoleStore) => s.apiKeys;
export const selectNewApiKey = (s: ConsoleStore) => s.newApiKey;

const problemSelectors = new Map<string, (s: ConsoleStore) => string | null>();
/**
 * The message for one form field, or null. A list field (allowedOrigins) also collects its items'
 * problems (allowedOrigins.0, …). One selector per field, so a render hands React the same function.
 */
export function selectProblemFor(field: string, withItems = false): (s: ConsoleStore) => string | null {
  const key = `${field}|${withItems}`;
  let selector = problemSelectors.get(key);
  if (!selector) {
    selector = (s) =>
      s.settingsProblems.find((p) => p.field === field || (withItems && p.field.startsWith(`${field}.`)))?.message ??
      null;
    problemSelectors.set(key, selector);
  }
  return selector;
}

export const selectSettingsActions = (s: ConsoleStore) => ({
  loadSettings: s.loadSettings,
  checkSettings: s.checkSettings,
  saveSettings: s.saveSettings,
  restartToApply: s.restartToApply,
  allowOrigin: s.allowOrigin,
  dismissRefusedOrigin: s.dismissRefusedOrigin,
  loadApiKeys: s.loadApiKeys,
  createApiKey: s.createApiKey,
  revokeApiKey: s.revokeApiKey,
  dismissNewApiKey: s.dismissNewApiKey,
  downloadBackup: s.downloadBackup,
  uploadRestore: s.uploadRestore,
  cancelRestore: s.cancelRestore,
});
