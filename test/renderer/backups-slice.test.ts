import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectBackupProblem,
  selectBackups,
  selectBackupsActions,
  selectBackupState,
  selectIsBackingUp,
} from '../../renderer/features/backups/slice';
import { selectSettings, selectSettingsActions } from '../../renderer/features/settings/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('backups slice: settings, Back up now, restoring one from the list, live outcomes', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('loads the defaults, marks a refused field and saves a good folder', async () => {
    const store = h.newStore();
    const { loadBackups, saveBackupSettings } = selectBackupsActions(store.getState());
    await loadBackups();
    expect(selectBackups(store.getState())?.settings).toEqual({ folder: join(h.server.dataDir, 'backups'), keep: 14 });
    expect(selectBackupState(store.getState())).toMatchObject({ lastSuccess: null, lastFailure: null });

    expect(await saveBackupSettings({ folder: 'backups', keep: 14 })).toBe(false);
    expect(selectBackupProblem(store.getState())).toMatchObject({
      field: 'folder',
      message: expect.stringMatching(/^folder: give an absolute path/),
    });
    expect(await saveBackupSettings({ folder: join(h.server.dataDir, 'elsewhere'), keep: 400 })).toBe(false);
    expect(selectBackupProblem(store.getState())?.field).toBe('keep');

    expect(await saveBackupSettings({ folder: join(h.server.dataDir, 'elsewhere'), keep: 7 })).toBe(true);
    expect(selectBackupProblem(store.getState())).toBeNull();
    expect(selectBackups(store.getState())?.settings).toEqual({ folder: join(h.server.dataDir, 'elsewhere'), keep: 7 });
    expect(lastToast(store.getState())).toBe('Backup settings saved. The next backup uses them.');
  });

  it('"Back up now" lists the new backup and says where it went; a failure says why', async () => {
    const store = h.newStore();
    const { backUpNow } = selectBackupsActions(store.getState());
    const running = backUpNow();
    expect(selectIsBackingUp(store.getState())).toBe(true);
    await running;
    expect(selectIsBackingUp(store.getState())).toBe(false);
    const view = selectBackups(store.getState())!;
    expect(view.files[0]).toMatchObject({ kind: 'manual' });
    expect(lastToast(store.getState())).toBe(`Backed up to ${view.state.lastSuccess!.file}`);

    const blocked = join(h.server.dataDir, 'a-file');
    writeFileSync(blocked, 'x');
    await h.server.backups!.saveSettings({ folder: join(blocked, 'b'), keep: 7 });
    await backUpNow();
    expect(lastToast(store.getState())).toMatch(/^Backup failed: ENOTDIR/);
    expect(selectBackupState(store.getState())?.lastFailure).toMatchObject({ ok: false });
    await h.server.backups!.saveSettings({ folder: join(h.server.dataDir, 'elsewhere'), keep: 7 });
  });

  it('a backup frame from the live stream updates the state at once', async () => {
    const store = h.newStore();
    await selectBackupsActions(store.getState()).loadBackups();
    const outcome = { ok: true as const, at: new Date().toISOString(), file: '/x/tontill.db', bytes: 10 };
    store.getState().applyBackupOutcome(outcome);
    expect(selectBackupState(store.getState())).toMatchObject({ lastSuccess: outcome, lastFailure: null });
  });

  it('restoring one from the list stages it, and the settings say so', async () => {
    const store = h.newStore();
    await selectBackupsActions(store.getState()).backUpNow();
    const name = selectBackups(store.getState())!.files[0]!.name;
    await selectBackupsActions(store.getState()).restoreBackup(name);
    expect(lastToast(store.getState())).toMatch(/^Backup checked \(0 payments\)/);
    expect(selectSettings(store.getState())?.restoreStaged).toBe(true);
    await selectSettingsActions(store.getState()).cancelRestore();
    expect(selectSettings(store.getState())?.restoreStaged).toBe(false);
  });
});
