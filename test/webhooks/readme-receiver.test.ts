import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../server/webhooks/dispatcher';
import type { AttemptSchema, DeliverySchema } from '../../contract/webhooks';
import { tempDir } from '../helpers/test-app';
import { createWebhookHarness, type WebhookHarness } from './harness';
import { loadReadmeReceiver } from './readme-recipe';

const HOUR = 3600_000;
type DeliveryView = z.output<typeof DeliverySchema>;
type AttemptView = z.output<typeof AttemptSchema>;

/**
 * The README's example receiver, run as written, against the real dispatcher: a receiver with the
 * wrong secret answers 400, and the events must still arrive once the merchant fixes the secret.
 */
describe("the README's example receiver with a wrong secret loses nothing", () => {
  const dir = tempDir('tontill-receiver-');
  let h: WebhookHarness;
  let receiver: Server;
  let url: string;
  let dispatcher: Dispatcher;
  beforeEach(async () => {
    h = await createWebhookHarness();
    // The receiver checks `t` against Date.now(); only Date follows the service's manual clock, timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(h.clock.now());
    // a fresh module per test: each import of the same file would return the same, closed server
    receiver = await loadReadmeReceiver(mkdtempSync(join(dir.path, 'r-')));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterEach(async () => {
    await h.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    delete process.env.TONTILL_WEBHOOK_SECRET;
    vi.useRealTimers();
  });
  afterAll(() => dir.remove());

  const deliveries = async (): Promise<DeliveryView[]> =>
    (await h.consoleApi('GET', '/webhooks/deliveries?limit=50')).body.items;
  const attempts = async (id: string): Promise<AttemptView[]> =>
    (await h.consoleApi('GET', `/webhooks/deliveries/${id}`)).body.attempts;
  const later = async (ms = HOUR) => {
    h.clock.advance(ms);
    vi.setSystemTime(h.clock.now());
    await dispatcher.whenIdle();
  };

  it('an endpoint: refused with 400, marked failing, then everything arrives in order once the secret is fixed', async () => {
    const { endpoint, secret } = (await h.consoleApi('POST', '/webhooks/endpoints', { url, events: ['*'] })).body;
    process.env.TONTILL_WEBHOOK_SECRET = `${secret}-typo`;
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment();
    await h.cancelPayment(payment.id);
    await dispatcher.whenIdle();
    for (let i = 0; i < 4; i += 1) await later();

    const [cancelled, created] = await deliveries();
    expect(created).toMatchObject({
      eventType: 'payment.created',
      status: 'pending',
      attempts: 5,
      lastStatusCode: 400,
      lastError: 'HTTP 400',
    });
    expect(cancelled).toMatchObject({ eventType: 'payment.cancelled', status: 'pending', attempts: 0 });
    expect((await attempts(created!.id)).map((a) => a.responseBody)).toEqual(Array(5).fill('bad signature'));
    expect((await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0]).toMatchObject({
      id: endpoint.id,
      status: 'failing',
    });

    process.env.TONTILL_WEBHOOK_SECRET = secret;
    await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    await dispatcher.whenIdle();
    const rows = await deliveries();
    expect(rows.map((d) => [d.eventType, d.status])).toEqual([
      ['webhook.test', 'delivered'],
      ['payment.cancelled', 'delivered'],
      ['payment.created', 'delivered'],
    ]);
    const accepted = (await attempts(created!.id)).at(-1)!;
    expect(accepted).toMatchObject({ responseStatus: 200, responseBody: 'ok' });
    expect(Date.parse(accepted.at) - Date.parse(created!.createdAt)).toBe(4 * HOUR);
    // signed when sent, hours after the event: that is why the README's 5-minute tolerance accepts it
    expect(accepted.requestHeaders['TonTill-Signature']).toMatch(
      new RegExp(`^t=${Date.parse(accepted.at) / 1000},v1=`),
    );
    const cancelledAt = (await attempts(cancelled!.id))[0]!.at;
    expect(Date.parse(cancelledAt)).toBeGreaterThanOrEqual(Date.parse(accepted.at));
    expect((await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0]).toMatchObject({
      status: 'active',
      failingSince: null,
    });

    // A redelivery a day later is signed afresh too.
    h.clock.advance(24 * HOUR);
    vi.setSystemTime(h.clock.now());
    const [again] = (
      await h.consoleApi('POST', `/webhooks/events/${created!.eventId}/redeliver`, { endpointId: endpoint.id })
    ).body.deliveries;
    await dispatcher.whenIdle();
    expect(await attempts(again.id)).toMatchObject([
      {
        responseStatus: 200,
        requestHeaders: { 'TonTill-Signature': expect.stringMatching(`^t=${h.clock.now() / 1000},`) },
      },
    ]);
  });

  it('a callbackUrl: the callback secret is rotated at once, the receiver catches up an hour later', async () => {
    const old = (await h.consoleApi('GET', '/webhooks/callback-secret')).body.secret;
    process.env.TONTILL_WEBHOOK_SECRET = old;
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment({ callbackUrl: url });
    await dispatcher.whenIdle();
    const rotated = (await h.consoleApi('POST', '/webhooks/callback-secret', { graceHours: 0 })).body.secret;
    await h.cancelPayment(payment.id);
    await dispatcher.whenIdle();
    expect((await deliveries())[0]).toMatchObject({
      eventType: 'payment.cancelled',
      status: 'pending',
      lastStatusCode: 400,
    });

    process.env.TONTILL_WEBHOOK_SECRET = rotated;
    await later();
    expect((await deliveries()).map((d) => [d.eventType, d.status, d.lastStatusCode])).toEqual([
      ['payment.cancelled', 'delivered', 200],
      ['payment.created', 'delivered', 200],
    ]);
  });
});
