import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../server/webhooks/dispatcher';
import { createWebhookHarness, type WebhookHarness } from './harness';
import { Receiver, waitUntil } from './receiver';

interface Row {
  eventType: string;
  state: string;
}

describe('the delivery log filtered by event type and outcome, on the server', () => {
  let h: WebhookHarness;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeEach(async () => {
    h = await createWebhookHarness();
    receiver = await Receiver.start();
  });
  afterEach(async () => {
    await h.close();
    await receiver.stop();
  });

  const log = async (query: string): Promise<Row[]> => {
    const res = await h.consoleApi('GET', `/webhooks/deliveries?${query}`);
    expect(res.status).toBe(200);
    return res.body.items;
  };

  it('keeps only the event type and the outcome asked for', async () => {
    await h.consoleApi('POST', '/webhooks/endpoints', { url: receiver.url('/ok'), events: ['*'] });
    await h.consoleApi('POST', '/webhooks/endpoints', { url: receiver.url('/down'), events: ['payment.created'] });
    let refused = 0;
    receiver.reply = (r) => {
      if (r.path !== '/down') return { status: 200, body: 'ok' };
      refused += 1;
      return { status: 500, body: 'boom' };
    };
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment();
    await h.cancelPayment(payment.id);
    await waitUntil(() => receiver.received.length === 2 && refused === 1, 'three attempts');
    await dispatcher.whenIdle();

    const cancelled = await log('eventType=payment.cancelled');
    expect(cancelled.map((d) => d.eventType)).toEqual(['payment.cancelled']);
    const retrying = await log('state=retrying');
    expect(retrying).toEqual([expect.objectContaining({ eventType: 'payment.created', state: 'retrying' })]);
    const delivered = await log('eventType=payment.created&state=delivered');
    expect(delivered).toEqual([expect.objectContaining({ eventType: 'payment.created', state: 'delivered' })]);
    expect(await log('eventType=payment.cancelled&state=retrying')).toEqual([]);
    expect(await log('state=failed')).toEqual([]);
  });

  const invalid: Array<[string, string]> = [
    ['state=lost', 'state'],
    ['eventType=payment.exploded', 'eventType'],
    ['eventType=', 'eventType'],
  ];
  for (const [query, field] of invalid) {
    it(`rejects ${query} with 400 naming ${field}`, async () => {
      const res = await h.consoleApi('GET', `/webhooks/deliveries?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    });
  }
});
