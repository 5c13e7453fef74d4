import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsInput, SettingsView } from '../../contract/console-settings';
import {
  selectApiKeys,
  selectHasSettingsProblems,
  selectIsRestarting,
  selectIsSavingSettings,
  selectNewApiKey,
  selectProblemFor,
  selectRestartProblem,
  selectSettings,
  selectSettingsActions,
  selectSettingsProblems,
} from '../../renderer/features/settings/slice';
import { recordRefusal } from '../../server/payment-pages/refused-origins';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('settings slice: chain and payment settings, embedding origins, API keys and restores', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  const inputOf = (view: SettingsView, patch: Partial<SettingsInput> = {}): SettingsInput => ({
    chain: {
      mode: view.saved.chain.mode,
      merchantAddress: view.saved.chain.merchantAddress,
      toncenterEndpoint: view.saved.chain.toncenterEndpoint,
      jettonMaster: view.saved.chain.jettonMaster,
    },
    payments: view.saved.payments,
    allowedOrigins: view.allowedOrigins,
    ...patch,
  });

  it('loads the running settings, lists every problem of a draft at once and saves a valid one', async () => {
    const store = h.newStore();
    const { loadSettings, saveSettings } = selectSettingsActions(store.getState());
    await loadSettings();
    const view = selectSettings(store.getState())!;
    expect(view).toMatchObject({
      running: { chain: { mode: 'sandbox' } },
      restartRequired: false,
      allowedOrigins: [],
      restoreStaged: false,
    });

    const bad = inputOf(view, { allowedOrigins: ['https://ok.example', 'not an origin', 'ftp://files.example'] });
    expect(await saveSettings(bad)).toBe(false);
    expect(selectSettingsProblems(store.getState()).map((p) => p.field)).toEqual([
      'allowedOrigins.1',
      'allowedOrigins.2',
    ]);
    expect(lastToast(store.getState())).toBe('Not saved: 2 problems to fix');
    expect(selectHasSettingsProblems(store.getState())).toBe(true);
    expect(selectProblemFor('allowedOrigins', true)(store.getState())).toMatch(/^not an origin: /);
    expect(selectProblemFor('allowedOrigins')(store.getState())).toBeNull();
    expect(selectSettings(store.getState())).toBe(view);

    const saving = saveSettings(
      inputOf(view, {
        payments: { defaultExpirySeconds: 3600, monitoringWindowSeconds: 7200 },
        allowedOrigins: ['https://ok.example'],
      }),
    );
    expect(selectIsSavingSettings(store.getState())).toBe(true);
    expect(await saving).toBe(true);
    expect(selectIsSavingSettings(store.getState())).toBe(false);
    expect(selectHasSettingsProblems(store.getState())).toBe(false);
    expect(selectSettings(store.getState())).toMatchObject({
      saved: { payments: { defaultExpirySeconds: 3600, monitoringWindowSeconds: 7200 } },
      restartRequired: true,
      allowedOrigins: ['https://ok.example'],
    });
    expect(lastToast(store.getState())).toBe('Saved. Chain and payment settings apply when the service restarts.');
  });

  it('hands React the same problem selector for the same field', () => {
    expect(selectProblemFor('allowedOrigins', true)).toBe(selectProblemFor('allowedOrigins', true));
    expect(selectProblemFor('allowedOrigins', true)).not.toBe(selectProblemFor('allowedOrigins'));
  });

  it('checks a draft without saving it, and restarts to apply what was saved', async () => {
    const store = h.newStore();
    const { loadSettings, checkSettings, restartToApply } = selectSettingsActions(store.getState());
    await loadSettings();
    const view = selectSettings(store.getState())!;
    expect(
      await checkSettings(inputOf(view, { payments: { defaultExpirySeconds: 600, monitoringWindowSeconds: 7200 } })),
    ).toBe(true);
    expect(selectSettings(store.getState())).toBe(view);

    expect(view.restartRequired).toBe(true); // the first test saved new payment windows
    const restarting = restartToApply();
    expect(selectIsRestarting(store.getState())).toBe(true);
    expect(await restarting).toBe(true);
    expect(selectIsRestarting(store.getState())).toBe(false);
    expect(selectRestartProblem(store.getState())).toBeNull();
    const after = selectSettings(store.getState())!;
    expect(after.restartRequired).toBe(false);
    expect(after.running).toEqual(after.saved);
    expect(store.getState().watcher).toMatchObject({ running: true, mode: 'sandbox' });
    expect(lastToast(store.getState())).toBe('Restarted: the saved settings now apply.');
  });

  it('allows a refused embedding origin in one step and dismisses another', async () => {
    await recordRefusal(h.server.services.settings, 'https://shop.example', h.server.clock.now());
    await recordRefusal(h.server.services.settings, 'https://stranger.example', h.server.clock.now());
    const store = h.newStore();
    const { loadSettings, allowOrigin, dismissRefusedOrigin } = selectSettingsActions(store.getState());
    await loadSettings();
    expect(selectSettings(store.getState())?.refusedOrigins.map((r) => r.origin)).toEqual([
      'https://shop.example',
      'https://stranger.example',
    ]);
    await allowOrigin('https://shop.example');
    expect(lastToast(store.getState())).toBe('https://shop.example may now embed your checkout.');
    expect(selectSettings(store.getState())?.allowedOrigins).toContain('https://shop.example');
    await dismissRefusedOrigin('https://stranger.example');
    expect(selectSettings(store.getState())?.refusedOrigins).toEqual([]);
    expect(selectSettings(store.getState())?.allowedOrigins).not.toContain('https://stranger.example');
  });

  it('creates an API key shown once, and revokes it', async () => {
    const store = h.newStore();
    const { loadApiKeys, createApiKey, dismissNewApiKey, revokeApiKey } = selectSettingsActions(store.getState());
    await loadApiKeys();
    expect(selectApiKeys(store.getState()).map((k) => k.name)).toEqual(['test']);
    await createApiKey('shop backend');
    const fresh = selectNewApiKey(store.getState())!;
    expect(fresh.name).toBe('shop backend');
    expect(fresh.key.startsWith(selectApiKeys(store.getState())[0]!.prefix)).toBe(true);
    dismissNewApiKey();
    expect(selectNewApiKey(store.getState())).toBeNull();
    await revokeApiKey(selectApiKeys(store.getState())[0]!.id);
    expect(lastToast(store.getState())).toBe('Key revoked');
    expect(selectApiKeys(store.getState()).find((k) => k.name === 'shop backend')?.revokedAt).toBeTruthy();
  });

  it('stages a checked backup for the next start and cancels it', async () => {
    const backup = await fetch(`${h.server.url}/console/api/backup`, {
      headers: { authorization: `Bearer ${await h.server.services.sessions.createSession()}` },
    });
    expect(backup.status).toBe(200);
    const store = h.newStore();
    const { uploadRestore, cancelRestore } = selectSettingsActions(store.getState());
    await uploadRestore(new File([await backup.arrayBuffer()], 'tontill-backup.db'));
    expect(lastToast(store.getState())).toMatch(/^Backup checked \(\d+ payments\)/);
    expect(selectSettings(store.getState())?.restoreStaged).toBe(true);
    await cancelRestore();
    expect(selectSettings(store.getState())?.restoreStaged).toBe(false);
  });

  it('reports what the service refuses as a toast', async () => {
    const store = h.newStore();
    const { loadSettings, saveSettings, revokeApiKey, uploadRestore, allowOrigin } = selectSettingsActions(
      store.getState(),
    );
    await loadSettings();
    const view = selectSettings(store.getState())!;
    expect(
      await saveSettings(inputOf(view, { payments: { defaultExpirySeconds: 1, monitoringWindowSeconds: 3600 } })),
    ).toBe(false);
    // The request schema refuses it (a 400) before the checks that list every problem: shown both ways.
    expect(lastToast(store.getState())).toBe(
      'Could not save settings: payments.defaultExpirySeconds: must be at least 60 seconds',
    );
    expect(selectProblemFor('payments.defaultExpirySeconds')(store.getState())).toBe(
      'payments.defaultExpirySeconds: must be at least 60 seconds',
    );
    await revokeApiKey('key_missing');
    expect(lastToast(store.getState())).toMatch(/^Could not revoke: /);
    await allowOrigin('not an origin');
    expect(lastToast(store.getState())).toMatch(/^Could not allow not an origin: /);
    await uploadRestore(new File(['not a database'], 'notes.txt'));
    expect(lastToast(store.getState())).toMatch(/^Restore refused: /);
    expect(selectSettings(store.getState())).toBe(view);
  });
});
