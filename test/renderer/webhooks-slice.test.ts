import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectDeliveries,
  selectDeliveryFilter,
  selectEndpointError,
  selectEndpoints,
  selectHasMoreDeliveries,
  selectOpenDelivery,
  selectRevealedSecret,
  selectWebhooksActions,
} from '../../renderer/features/webhooks/slice';
import { Receiver } from '../webhooks/receiver';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('webhooks slice: endpoints, their secrets and the delivery log', () => {
  let h: StoreHarness;
  let receiver: Receiver;
  beforeAll(async () => {
    h = await startStoreHarness();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await h.dispose();
    await receiver.stop();
  });

  it('adds an endpoint showing its secret once, edits it and rotates the secret', async () => {
    const store = h.newStore();
    const { loadEndpoints, saveEndpoint, rotateSecret, dismissSecret } = selectWebhooksActions(store.getState());
    await loadEndpoints();
    expect(selectEndpoints(store.getState())).toEqual([]);

    expect(
      await saveEndpoint(null, { url: receiver.url('/shop'), events: ['payment.paid'], description: 'shop' }),
    ).toBe(true);
    const [endpoint] = selectEndpoints(store.getState());
    expect(endpoint).toMatchObject({
      url: receiver.url('/shop'),
      events: ['payment.paid'],
      enabled: true,
      description: 'shop',
    });
    const first = selectRevealedSecret(store.getState());
    expect(first).toMatchObject({ endpointId: endpoint!.id, secret: expect.any(String) });

    expect(await saveEndpoint(endpoint!.id, { url: endpoint!.url, events: ['*'], enabled: false })).toBe(true);
    expect(lastToast(store.getState())).toBe('Endpoint saved');
    expect(selectEndpoints(store.getState())[0]).toMatchObject({ events: ['*'], enabled: false });

    await rotateSecret(endpoint!.id);
    expect(selectRevealedSecret(store.getState())?.endpointId).toBe(endpoint!.id);
    expect(selectRevealedSecret(store.getState())?.secret).not.toBe(first!.secret);
    dismissSecret();
    expect(selectRevealedSecret(store.getState())).toBeNull();
  });

  it('sends a test event, filters the log by endpoint and opens a delivery with its attempts', async () => {
    const { endpoint } = await h.server.services.webhooks.createEndpoint({ url: receiver.url('/log'), events: ['*'] });
    const store = h.newStore();
    const { sendTest, setDeliveryFilter, showDelivery, loadDeliveries } = selectWebhooksActions(store.getState());
    await sendTest(endpoint.id);
    expect(lastToast(store.getState())).toBe('Test event queued');
    expect(selectDeliveries(store.getState()).map((d) => [d.eventType, d.endpointId])).toContainEqual([
      'webhook.test',
      endpoint.id,
    ]);

    setDeliveryFilter({ endpointId: 'whe_other' });
    expect(selectDeliveryFilter(store.getState())).toEqual({ eventType: '', state: '', endpointId: 'whe_other' });
    await loadDeliveries();
    expect(selectDeliveries(store.getState())).toEqual([]);
    setDeliveryFilter({ endpointId: endpoint.id });
    await loadDeliveries();
    const [delivery] = selectDeliveries(store.getState());
    expect(delivery).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test' });
    expect(selectHasMoreDeliveries(store.getState())).toBe(false);
    await loadDeliveries(true);
    expect(selectDeliveries(store.getState())).toHaveLength(1);

    await showDelivery(delivery!.id);
    expect(selectOpenDelivery(store.getState())?.delivery.id).toBe(delivery!.id);
    expect(Array.isArray(selectOpenDelivery(store.getState())?.attempts)).toBe(true);
    // Closed before the answer came: the late answer must not open the dialog again.
    const late = showDelivery(delivery!.id);
    await showDelivery(null);
    await late;
    expect(selectOpenDelivery(store.getState())).toBeNull();
  });

  it('shows a refused URL beside the form, and other refusals as a toast', async () => {
    const store = h.newStore();
    const { saveEndpoint, rotateSecret, sendTest } = selectWebhooksActions(store.getState());
    expect(await saveEndpoint(null, { url: 'ftp://files.example/hook', events: ['*'] })).toBe(false);
    expect(selectEndpointError(store.getState())).toMatchObject({
      field: 'url',
      message: expect.stringMatching(/http/),
    });
    expect(store.getState().toasts).toEqual([]);

    await rotateSecret('whe_missing');
    expect(lastToast(store.getState())).toMatch(/^Could not rotate the secret: /);
    await sendTest('whe_missing');
    expect(lastToast(store.getState())).toMatch(/^Could not send a test: /);
  });
});
