import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInApi } from '../../renderer/features/signin/api';
import {
  selectIsSavingPassphrase,
  selectPassphrase,
  selectPassphraseProblem,
  selectSignInActions,
} from '../../renderer/features/signin/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe("sign-in slice: the owner's passphrase and fresh login links", () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('sets, changes and removes the passphrase; a short one is a problem beside the field, not a toast', async () => {
    const store = h.newStore();
    const { loadPassphrase, savePassphrase, removePassphrase } = selectSignInActions(store.getState());
    await loadPassphrase();
    expect(selectPassphrase(store.getState())).toEqual({ isSet: false, updatedAt: null, minLength: 12 });

    expect(await savePassphrase('short')).toBe(false);
    expect(selectPassphraseProblem(store.getState())).toMatch(/at least 12 characters/);
    expect(store.getState().toasts).toEqual([]);

    expect(await savePassphrase('a long enough passphrase')).toBe(true);
    expect(selectPassphrase(store.getState())).toMatchObject({ isSet: true });
    expect(selectPassphraseProblem(store.getState())).toBeNull();
    expect(selectIsSavingPassphrase(store.getState())).toBe(false);
    expect(await h.server.services.passphrase.verify('a long enough passphrase')).toBe(true);

    // a session left open is not enough to change or remove it: the current passphrase is asked
    expect(await savePassphrase('another long passphrase')).toBe(false);
    expect(selectPassphraseProblem(store.getState())).toBe('Current passphrase is required to change or remove it.');
    expect(await savePassphrase('another long passphrase', 'not the passphrase')).toBe(false);
    expect(selectPassphraseProblem(store.getState())).toBe('Current passphrase is not right.');
    expect(await h.server.services.passphrase.verify('a long enough passphrase')).toBe(true);

    expect(await savePassphrase('another long passphrase', 'a long enough passphrase')).toBe(true);
    expect(lastToast(store.getState())).toBe('Passphrase changed.');
    expect(await h.server.services.passphrase.verify('a long enough passphrase')).toBe(false);

    expect(await removePassphrase('a long enough passphrase')).toBe(false);
    expect(selectPassphrase(store.getState())).toMatchObject({ isSet: true });
    expect(await removePassphrase('another long passphrase')).toBe(true);
    expect(selectPassphrase(store.getState())).toMatchObject({ isSet: false, updatedAt: null });
    expect(await h.server.services.passphrase.verify('another long passphrase')).toBe(false);
  });

  it('makes a one-time login link that opens the console once', async () => {
    const link = await signInApi.loginLink();
    const first = await fetch(`${h.server.url}${link.path}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect((await fetch(`${h.server.url}${link.path}`, { redirect: 'manual' })).status).toBe(401);
    expect(Date.parse(link.expiresAt) - h.server.clock.now()).toBe(15 * 60_000);
  });
});
