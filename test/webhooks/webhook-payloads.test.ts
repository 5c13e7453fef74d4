import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PublicPayment } from '../../contract/payments';
import { WEBHOOK_EVENTS, webhookEventSchema, type WebhookEventType } from '../../contract/webhook-events';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from './receiver';

const EXPECTED: WebhookEventType[] = [
  'payment.created',
  'payment.partially_paid',
  'payment.paid',
  'payment.overpaid',
  'payment.cancelled',
  'refund.created',
  'refund.sent',
  'refund.cancelled',
  'transfer.unmatched',
  'transfer.dismissed',
  'transfer.restored',
  'transfer.attached',
  'webhook.test',
];

/**
 * The webhooks section of /openapi.json is built from contract/webhook-events.ts: what real deliveries
 * carry must parse with those schemas, and carry no field they do not name.
 */
describe('what a webhook delivery carries matches the documented payload of its type', () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.dispose();
    await receiver?.stop();
  });

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({
      method,
      url,
      headers: { 'x-api-key': server.apiKey },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const invoice = async (externalId: string): Promise<PublicPayment> =>
    api('POST', '/crypto/deposit/invoice', { currency: 'USDT', amount: '10.00', externalId });

  it('sends each event type with the documented body and headers', async () => {
    const { endpoint } = await server.services.webhooks.createEndpoint({ url: receiver.url('/all'), events: ['*'] });
    const sim = server.simulator!;

    const paid = await invoice('payload-paid');
    await sim.pay({ paymentId: paid.id, amount: '4.00' });
    await sim.pay({ paymentId: paid.id, amount: '8.00' });
    const sent = await api('POST', `/crypto/payment/${paid.id}/refunds`, { amount: '1.00' });
    await sim.refund({ refundId: sent.id });
    const cancelledRefund = await api('POST', `/crypto/payment/${paid.id}/refunds`, { amount: '1.00' });
    await api('POST', `/crypto/payment/${paid.id}/refunds/${cancelledRefund.id}/cancel`);

    const cancelled = await invoice('payload-cancelled');
    await api('POST', `/crypto/payment/${cancelled.id}/cancel`);

    const attachedTo = await invoice('payload-attached');
    await sim.pay({ paymentId: attachedTo.id, comment: 'matches nothing' });
    const hash = (await server.services.ledger.listUnmatched(10))[0]!.txHash;
    await server.services.ledger.dismiss(hash, 'looking into it');
    await server.services.ledger.restore(hash);
    await server.services.ledger.attach(hash, attachedTo.id, 'the customer wrote to us');
    await server.services.webhooks.sendTest(endpoint.id);

    const seen = () => new Set(receiver.received.map((r) => r.event.type));
    await waitUntil(() => EXPECTED.every((type) => seen().has(type)), `deliveries of ${EXPECTED.join(', ')}`);

    for (const { event, headers } of receiver.received) {
      const type = event.type as WebhookEventType;
      expect(WEBHOOK_EVENTS[type], `${type} is documented`).toBeDefined();
      const parsed = webhookEventSchema(type).safeParse(event);
      expect(parsed.error, `${type}: ${JSON.stringify(event.data)}`).toBeUndefined();
      const data = WEBHOOK_EVENTS[type].data;
      if (data instanceof z.ZodObject) {
        const undocumented = Object.keys(event.data).filter((key) => !(key in data.shape));
        expect(undocumented, `${type}: fields the document does not name`).toEqual([]);
      }
      expect(headers['tontill-signature'], type).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);
      expect(headers['tontill-event-id'], type).toBe(event.id);
      expect(headers['tontill-delivery-id'], type).toMatch(/^whd_/);
    }
  });
});
