import { get, post, request } from '../../api/client';
import { BackupRunSchema, BackupViewSchema, type BackupSettings } from '../../../contract/backups';
import { RestoreStagedSchema } from '../../../contract/console';

/** Settings → Backups: the folder, how many are kept, the list, "Back up now" and restoring one of them. */
export const backupsApi = {
  get: () => get(BackupViewSchema, '/backups'),
  saveSettings: (settings: BackupSettings) => request(BackupViewSchema, 'PUT', '/backups/settings', settings),
  run: () => post(BackupRunSchema, '/backups/run'),
  restore: (name: string) => post(RestoreStagedSchema, '/backups/restore', { name }),
};
