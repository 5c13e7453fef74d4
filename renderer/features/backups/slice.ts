import { ApiError } from '../../api/client';
import { backupsApi } from './api';
import { ledgerApi } from './ledger-api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { BackupOutcome, BackupSettings, BackupView } from '../../../contract/backups';
import type { LedgerInfo } from '../../../contract/console';

/**
 * Automatic backups: Settings → Backups and the dashboard's "Last backup", kept current by the live stream's backup frames.
 * Only a ledger whose capabilities say its backups are files has them: otherwise (PostgreSQL, shared by instances, backed
 * up with pg_dump) the service has no backups routes, so the slice learns the ledger's capabilities first and never asks
 * for them there. The console goes by those capabilities, never by the engine's name.
 */
export interface BackupsSlice {
  /** where the ledger lives and this instance's part in it; null until known */
  ledger: LedgerInfo | null;
  backups: BackupView | null;
  /** a refusal of the settings form, beside the field it names */
  backupProblem: { field: string; message: string } | null;
  isBackingUp: boolean;
  /** (re)reads where the ledger lives and whether this instance watches the chain */
  loadLedger(): Promise<void>;
  /** the ledger's capabilities, then (when its backups are files) the backups; otherwise the backups are never asked for */
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
  /** One request for the ledger at a time: the dashboard and Settings may ask together. */
  let ledgerLoad: Promise<LedgerInfo> | null = null;
  const fetchLedger = (): Promise<LedgerInfo> =>
    (ledgerLoad ??= ledgerApi
      .get()
      .then((ledger) => {
        set({ ledger });
        return ledger;
      })
      .finally(() => {
        ledgerLoad = null;
      }));
  return {
    ledger: null,
    backups: null,
    backupProblem: null,
    isBackingUp: false,
    loadLedger: async () => {
      try {
        await fetchLedger();
      } catch (err) {
        get().fail(err, 'Could not tell where the ledger is kept');
      }
    },
    loadBackups: async () => {
      const mine = ++loads;
      try {
        // A ledger of this instance's own stays so while the service runs: asked once. A shared one is
        // asked again each load (which instance watches the chain can change).
        const known = get().ledger;
        const ledger = known && !known.capabilities.sharedLedger ? known : await fetchLedger();
        if (ledger.capabilities.backups !== 'file') return;
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
        if (err instanceof ApiError && err.status === 400)
          set({ backupProblem: { field: err.field ?? 'folder', message: err.message } });
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
        get().toast(
          'success',
          `Backup checked (${result.payments} payments). It replaces the ledger when TonTill restarts; until then no change is accepted.`,
        );
        await get().loadSettings();
      } catch (err) {
        get().fail(err, 'Restore refused');
      }
    },
    applyBackupOutcome: (outcome) => {
      const view = get().backups;
      if (view) {
        const state = outcome.ok
          ? { ...view.state, lastSuccess: outcome, lastFailure: null }
          : { ...view.state, lastFailure: outcome };
        set({ backups: { ...view, state } });
      }
      // the list, sizes and next due time come from the service
      void get().loadBackups();
    },
  };
};

export const selectLedger = (s: ConsoleStore) => s.ledger;
/** 'file': TonTill backs the ledger up itself (Settings → Backups); 'external': done outside TonTill (pg_dump); null until known */
export const selectBackupsKind = (s: ConsoleStore) => s.ledger?.capabilities.backups ?? null;
/** on a ledger shared by instances, another one watches the chain and this one stands by to take over */
export const selectStandsBy = (s: ConsoleStore) =>
  s.ledger !== null && s.ledger.capabilities.sharedLedger && !s.ledger.watching;
export const selectBackups = (s: ConsoleStore) => s.backups;
export const selectBackupState = (s: ConsoleStore) => s.backups?.state ?? null;
/** what this start did with a staged restore; the dashboard warns unless it was applied */
export const selectRestoreAtStart = (s: ConsoleStore) => s.backups?.restoreAtStart ?? null;
export const selectBackupProblem = (s: ConsoleStore) => s.backupProblem;
export const selectIsBackingUp = (s: ConsoleStore) => s.isBackingUp;
export const selectBackupsActions = (s: ConsoleStore) => ({
  loadLedger: s.loadLedger,
  loadBackups: s.loadBackups,
  saveBackupSettings: s.saveBackupSettings,
  backUpNow: s.backUpNow,
  restoreBackup: s.restoreBackup,
});
