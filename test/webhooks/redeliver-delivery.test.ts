import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySchema } from '../../contract/webhooks';
import type { Dispatcher } from '../../server/webhooks/dispatcher';
import { createWebhookHarness, type WebhookHarness } from './harness';
import { Receiver, waitUntil } from './receiver';

type DeliveryView = z.output<typeof DeliverySchema>;

describe('redelivering one delivery from the console', () => {
  let h: WebhookHarness;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  /** every request the receiver answered, whatever the answer (it records only the 2xx ones) */
  let requests = 0;
  const answer = (status: number) => {
    receiver.reply = () => {
      requests += 1;
      return { status, body: status === 200 ? 'ok' : 'boom' };
    };
  };
  beforeEach(async () => {
    h = await createWebhookHarness();
    receiver = await Receiver.start();
    requests = 0;
  });
  afterEach(async () => {
    await h.close();
    await receiver.stop();
  });

  const addEndpoint = async () =>
    (await h.consoleApi('POST', '/webhooks/endpoints', { url: receiver.url(), events: ['payment.created'] })).body
      .endpoint as { id: string };
  const deliveriesOf = async (eventId: string): Promise<DeliveryView[]> =>
    (await h.consoleApi('GET', `/webhooks/deliveries?eventId=${eventId}`)).body.items;
  const redeliver = (id: string) => h.consoleApi('POST', `/webhooks/deliveries/${id}/redeliver`);

  /** A payment.created delivery whose one attempt got a 500: it waits for its next retry. */
  const retryingDelivery = async (): Promise<DeliveryView> => {
    await addEndpoint();
    answer(500);
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment();
    await waitUntil(() => requests === 1, 'the first attempt');
    await dispatcher.whenIdle();
    const [delivery] = (await h.consoleApi('GET', `/webhooks/deliveries?paymentId=${payment.id}`)).body.items;
    expect(delivery).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(Date.parse(delivery.nextAttemptAt)).toBeGreaterThan(h.clock.now());
    return delivery;
  };

  it('retries a delivery still waiting for its next retry now, instead of creating a second one', async () => {
    const waiting = await retryingDelivery();
    answer(200);

    const res = await redeliver(waiting.id);
    expect(res.status).toBe(200);
    expect(res.body.retriedNow).toBe(true);
    expect(res.body.delivery.id).toBe(waiting.id);
    expect(Date.parse(res.body.delivery.nextAttemptAt)).toBeLessThanOrEqual(h.clock.now());

    // the clock has not moved: only "now" can have sent it again
    await waitUntil(() => receiver.received.length === 1, 'the second attempt');
    await dispatcher.whenIdle();
    const all = await deliveriesOf(waiting.eventId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: waiting.id, state: 'delivered', attempts: 2 });
    expect(receiver.received[0]!.headers['tontill-delivery-id']).toBe(waiting.id);
  });

  it('queues a new delivery for a finished one, as redelivering an event does', async () => {
    const waiting = await retryingDelivery();
    answer(200);
    await redeliver(waiting.id);
    await waitUntil(() => receiver.received.length === 1, 'the retry');
    await dispatcher.whenIdle();

    const res = await redeliver(waiting.id);
    expect(res.status).toBe(200);
    expect(res.body.retriedNow).toBe(false);
    expect(res.body.delivery).toMatchObject({ eventId: waiting.eventId, endpointId: waiting.endpointId });
    expect(res.body.delivery.id).not.toBe(waiting.id);
    await waitUntil(() => receiver.received.length === 2, 'the redelivery');
    expect((await deliveriesOf(waiting.eventId)).map((d) => d.id).sort()).toEqual(
      [waiting.id, res.body.delivery.id].sort(),
    );
  });

  it('answers 404 for an unknown delivery', async () => {
    const res = await redeliver('whd_nope');
    expect(res.status).toBe(404);
  });
});
