import { ApiError } from '../../api/client';
import { backupsApi } from '../../api/backups';
import type { ConsoleStore, SliceCreator } from '../types';
import type { BackupOutcome, BackupSettings, BackupView } from '../../../contract/backups';

/** Automatic backups: Settings → Backups and the dashboard's "Last backup", kept current by the live stream's backup frames. */
export interface BackupsSlice {
  backups: BackupView | null;
  /** a refusal of the settings form, beside the field it names */
  backupProblem: { field: string; message: string } | null;
  isBackingUp: boolean;
  loadBackups(): Promise<void>;
  saveBackupSettings(settings: BackupSettings): Promise<boolean>;
  backUpNow(): Promise<void>;
  restoreBackup(name: string): Promise<void>;
  /** a backup finished (the live stream): the dashboard and the list follow without a reload */
  applyBackupOutcome(outcome: BackupOutcome): void;
}

export const createBackupsSlice: SliceCreator<BackupsSlice> = (set, get) => {
  /** Only the newest load lands: a slow one from before a backup frame must not put the old state back. */
  let loads = 0;
  return {
    backups: null,
    backupProblem: null,
    isBackingUp: false,
    loadBackups: async () => {
      const mine = ++loads;
      try {
        const view = await backupsApi.get();
        if (mine === loads) set({ backups: view });
      } catch (err) {
        get().fail(err, 'Could not load the backups');
      }
    },
    saveBackupSettings: async (settings) => {
      set({ backupProblem: null });
      try {
        set({ backups: await backupsApi.saveSettings(settings) });
        get().toast('success', 'Backup settings saved. The next backup uses them.');
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) set({ backupProblem: { field: err.field ?? 'folder', message: err.message } });
        get().fail(err, 'Backup settings not saved');
        return false;
      }
    },
    backUpNow: async () => {
      set({ isBackingUp: true });
      try {
        const { outcome, view } = await backupsApi.run();
        set({ backups: view });
        if (outcome.ok) get().toast('success', `Backed up to ${outcome.file}`);
        else get().toast('error', `Backup failed: ${outcome.message}`);
      } catch (err) {
        get().fail(err, 'Could not back up');
      } finally {
        set({ isBackingUp: false });
      }
    },
    restoreBackup: async (name) => {
      try {
        const result = await backupsApi.restore(name);
        get().toast('success', `Backup checked (${result.payments} payments). It replaces the ledger when TonTill restarts; until then no change is accepted.`);
        await get().loadSettings();
      } catch (err) {
        get().fail(err, 'Restore refused');
      }
    },
    applyBackupOutcome: (outcome) => {
      const view = get().backups;
      if (view) {
        const state = outcome.ok ? { ...view.state, lastSuccess: outcome, lastFailure: null } : { ...view.state, lastFailure: outcome };
        set({ backups: { ...view, state } });
      }
      // the list, sizes and next due time come from the service
      void get().loadBackups();
    },
  };
};

export const selectBackups = (s: ConsoleStore) => s.backups;
export const selectBackupState = (s: ConsoleStore) => s.backups?.state ?? null;
export const selectBackupProblem = (s: ConsoleStore) => s.backupProblem;
export const selectIsBackingUp = (s: ConsoleStore) => s.isBackingUp;
export const selectBackupsActions = (s: ConsoleStore) => ({
  loadBackups: s.loadBackups, saveBackupSettings: s.saveBackupSettings, backUpNow: s.backUpNow, restoreBackup: s.restoreBackup,
});
