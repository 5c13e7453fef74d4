import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectIsWidgetLoading,
  selectWidgetActions,
  selectWidgetEvents,
  selectWidgetOptions,
  selectWidgetSession,
} from '../../renderer/features/widget/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('widget slice: the preview options, its signed session and the events it emits', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('signs a preview session for the chosen amount on this service', async () => {
    const store = h.newStore();
    const { setWidgetOptions, newWidgetSession } = selectWidgetActions(store.getState());
    expect(selectWidgetOptions(store.getState())).toEqual({
      mode: 'iframe-only',
      color: 'black-white',
      size: 'medium',
      height: '520px',
      amount: '10.00',
    });
    setWidgetOptions({ mode: 'small-widgets', amount: '4.20' });
    expect(selectWidgetOptions(store.getState())).toMatchObject({
      mode: 'small-widgets',
      color: 'black-white',
      amount: '4.20',
    });

    const signing = newWidgetSession();
    expect(selectIsWidgetLoading(store.getState())).toBe(true);
    await signing;
    expect(selectIsWidgetLoading(store.getState())).toBe(false);
    const session = selectWidgetSession(store.getState())!;
    expect(session).toMatchObject({ serviceOrigin: h.server.url, mode: 'sandbox', amount: '4.20' });
    expect(await h.server.services.payments.view(session.paymentId)).toMatchObject({
      kind: 'widget',
      amount: '4.20',
      status: 'pending',
    });
  });

  it('logs the widget events newest first, and a change of options starts the log again', () => {
    const store = h.newStore();
    const { logWidgetEvent, setWidgetOptions } = selectWidgetActions(store.getState());
    logWidgetEvent('init', 'ServiceWidget.init called');
    logWidgetEvent('status', 'status pending');
    const events = selectWidgetEvents(store.getState());
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ['status', 'status pending'],
      ['init', 'ServiceWidget.init called'],
    ]);
    expect(events[0]!.n).toBeGreaterThan(events[1]!.n);
    setWidgetOptions({ height: '640px' });
    expect(selectWidgetEvents(store.getState())).toEqual([]);
  });

  it('reports an amount the service refuses as a toast and keeps no session', async () => {
    const store = h.newStore();
    const { setWidgetOptions, newWidgetSession } = selectWidgetActions(store.getState());
    setWidgetOptions({ amount: 'ten' });
    await newWidgetSession();
    expect(lastToast(store.getState())).toMatch(/^Could not create a preview session: amount/);
    expect([selectWidgetSession(store.getState()), selectIsWidgetLoading(store.getState())]).toEqual([null, false]);
  });
});
