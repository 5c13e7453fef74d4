import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../renderer/api/client';
import { paymentsApi } from '../../renderer/features/payments/api';
import type { ConsoleStore } from '../../renderer/store';
import {
  selectIsUnauthorized,
  selectPage,
  selectRoute,
  selectRouteParam,
  selectTheme,
  selectToasts,
  selectUiActions,
} from '../../renderer/store/ui-slice';
import { selectSettingsActions } from '../../renderer/features/settings/slice';
import { startStoreHarness, type StoreHarness } from './store-harness';

describe('ui slice: routes, theme, toasts and how failures are reported', () => {
  let h: StoreHarness;
  let store: StoreApi<ConsoleStore>;
  const state = () => store.getState();
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });
  beforeEach(() => {
    h.browser.location.hash = '';
    h.browser.storage.clear();
    h.browser.prefersDark = false;
    store = h.newStore();
  });

  it('starts on the dashboard in the light theme when nothing says otherwise', () => {
    expect(selectRoute(state())).toBe('dashboard');
    expect(selectPage(state())).toBe('dashboard');
    expect(selectRouteParam(state())).toBeNull();
    expect(selectTheme(state())).toBe('light');
    expect(selectToasts(state())).toEqual([]);
    expect(selectIsUnauthorized(state())).toBe(false);
  });

  it('starts on the route in the hash, with the saved theme or else the preferred scheme', () => {
    h.browser.location.hash = '#/payment/pay_1';
    h.browser.storage.set('tontill.theme', 'dark');
    const opened = h.newStore().getState();
    expect([selectRoute(opened), selectPage(opened), selectRouteParam(opened), selectTheme(opened)]).toEqual([
      'payment/pay_1',
      'payment',
      'pay_1',
      'dark',
    ]);
    h.browser.storage.clear();
    h.browser.prefersDark = true;
    expect(selectTheme(h.newStore().getState())).toBe('dark');
  });

  it('navigates through the hash, follows hash changes and keeps the chosen theme', () => {
    const { navigate, syncRoute, setTheme } = selectUiActions(state());
    navigate('simulator/pay_2');
    expect(h.browser.location.hash).toBe('#/simulator/pay_2');
    expect([selectPage(state()), selectRouteParam(state())]).toEqual(['simulator', 'pay_2']);
    syncRoute('webhooks');
    expect([selectPage(state()), selectRouteParam(state())]).toEqual(['webhooks', null]);
    setTheme('dark');
    expect(selectTheme(state())).toBe('dark');
    expect(h.browser.storage.get('tontill.theme')).toBe('dark');
  });

  it('shows the three newest toasts and dismisses one by id', () => {
    const { toast, dismissToast } = selectUiActions(state());
    for (const n of [1, 2, 3, 4]) toast('info', `note ${n}`);
    expect(selectToasts(state()).map((t) => t.message)).toEqual(['note 2', 'note 3', 'note 4']);
    dismissToast(selectToasts(state())[1]!.id);
    expect(selectToasts(state()).map((t) => t.message)).toEqual(['note 2', 'note 4']);
  });

  it('shows an identical message once, however many actions report it', () => {
    const { toast, fail } = selectUiActions(state());
    toast('error', 'Could not load the dashboard: boom');
    fail(new Error('boom'), 'Could not load the dashboard');
    toast('info', 'saved');
    expect(selectToasts(state()).map((t) => t.message)).toEqual(['Could not load the dashboard: boom', 'saved']);
  });

  it('reports a refusal of the real service as an error toast and hands back the API error', async () => {
    const refusal = await paymentsApi.cancel('pay_0000000000000000000000').catch((err: unknown) => err);
    const apiError = selectUiActions(state()).fail(refusal, 'Could not cancel');
    expect(apiError).toBeInstanceOf(ApiError);
    expect(apiError?.status).toBe(404);
    expect(selectToasts(state()).at(-1)).toMatchObject({
      kind: 'error',
      message: `Could not cancel: ${apiError?.message}`,
    });
    expect(selectIsUnauthorized(state())).toBe(false);
  });

  it('signs the console out when the service no longer accepts its session', async () => {
    await h.signIn('not-a-console-session');
    await selectSettingsActions(state()).loadSettings();
    await selectSettingsActions(state()).loadApiKeys();
    expect(selectIsUnauthorized(state())).toBe(true);
    // the signed-out screen says what to do; an error toast per refused call would only repeat it
    expect(selectToasts(state())).toEqual([]);
    await h.signIn();
  });
});
