import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../server/webhooks/dispatcher';
import { DEFAULT_RETRY_POLICY } from '../../server/webhooks/retry-policy';
import type { AttemptSchema, DeliverySchema } from '../../contract/webhooks';
import { tempDir } from '../helpers/test-app';
import { createWebhookHarness, type WebhookHarness } from './harness';
import { loadReadmeRecipe, type Recipe } from './readme-recipe';
import { arrivalOrderByPayment, Receiver, waitUntil } from './receiver';

const HOUR = 3600_000;
type DeliveryView = z.output<typeof DeliverySchema>;
type AttemptView = z.output<typeof AttemptSchema>;

describe('webhook delivery to a real receiver', () => {
  const dir = tempDir('tontill-recipe-');
  let recipe: Recipe;
  let h: WebhookHarness;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    recipe = await loadReadmeRecipe(dir.path);
  });
  afterAll(() => dir.remove());
  beforeEach(async () => {
    h = await createWebhookHarness();
    receiver = await Receiver.start();
  });
  afterEach(async () => {
    await h.close();
    await receiver.stop();
  });

  const addEndpoint = async (events: string[] = ['*'], path = '/hook') => {
    const res = await h.consoleApi('POST', '/webhooks/endpoints', { url: receiver.url(path), events });
    return res.body as { endpoint: { id: string; url: string }; secret: string };
  };
  const deliveries = async (query = ''): Promise<DeliveryView[]> =>
    (await h.consoleApi('GET', `/webhooks/deliveries?limit=200${query}`)).body.items;
  const detail = async (id: string): Promise<{ delivery: DeliveryView; attempts: AttemptView[] }> =>
    (await h.consoleApi('GET', `/webhooks/deliveries/${id}`)).body;
  const nowSeconds = () => Math.floor(h.clock.now() / 1000);
  /** Moves the manual clock past any backoff and lets the dispatcher finish what is due. */
  const later = async (ms = HOUR) => {
    h.clock.advance(ms);
    await dispatcher.whenIdle();
  };
  const ledgerOrder = async (paymentId: string) => (await h.services.payments.timeline(paymentId)).map((e) => e.id);

  it('delivers signed events that the README recipe verifies; data is the payment as the status endpoint returns it', async () => {
    const { endpoint, secret } = await addEndpoint();
    const callbackSecret = (await h.consoleApi('GET', '/webhooks/callback-secret')).body.secret;
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment({ callbackUrl: receiver.url('/cb') });
    await waitUntil(() => receiver.received.length === 2, 'two deliveries');

    const status = (
      await h.app.inject({ url: `/crypto/payment/${payment.id}`, headers: { 'x-api-key': h.apiKey } })
    ).json();
    const [stored] = await h.services.payments.timeline(payment.id);
    for (const r of receiver.received) {
      expect(r.event).toEqual({
        id: stored!.id,
        type: 'payment.created',
        createdAt: '2026-11-21T12:00:00.000Z',
        data: status,
      });
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['tontill-event-id']).toBe(stored!.id);
      expect(r.headers['tontill-delivery-id']).toMatch(/^whd_/);
      expect(r.headers['tontill-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
    const toEndpoint = receiver.received.find((r) => r.path === '/hook')!;
    const toCallback = receiver.received.find((r) => r.path === '/cb')!;
    const sig = (r: typeof toEndpoint) => r.headers['tontill-signature']!;
    expect(recipe(toEndpoint.raw, sig(toEndpoint), secret, 300, nowSeconds())).toBe(true);
    expect(recipe(toCallback.raw, sig(toCallback), callbackSecret, 300, nowSeconds())).toBe(true);
    expect(recipe(toCallback.raw, sig(toCallback), secret, 300, nowSeconds())).toBe(false);
    expect(recipe(toEndpoint.raw, sig(toEndpoint), secret, 300, nowSeconds() + 301)).toBe(false);

    await dispatcher.whenIdle();
    const log = await detail(toEndpoint.headers['tontill-delivery-id']!);
    expect(log.delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      endpointId: endpoint.id,
      nextAttemptAt: null,
    });
    expect(log.attempts).toEqual([
      {
        id: expect.any(String),
        at: '2026-11-21T12:00:00.000Z',
        url: receiver.url('/hook'),
        requestBody: toEndpoint.raw,
        requestHeaders: expect.objectContaining({
          'TonTill-Signature': sig(toEndpoint),
          'TonTill-Event-Id': stored!.id,
        }),
        responseStatus: 200,
        responseBody: 'ok',
        durationMs: expect.any(Number),
        error: null,
      },
    ]);
    const listed = (await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0];
    expect(listed).toMatchObject({ status: 'active', lastDeliveryAt: '2026-11-21T12:00:00.000Z' });
  });

  it('signs with both secrets during a rotation grace period, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await addEndpoint();
    const { secret: newSecret } = (
      await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { graceHours: 1 })
    ).body;
    dispatcher = h.startDispatcher();
    await h.createPayment();
    await waitUntil(() => receiver.received.length === 1, 'a delivery');
    const first = receiver.received[0]!;
    const header = first.headers['tontill-signature']!;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(recipe(first.raw, header, newSecret, 300, nowSeconds())).toBe(true);
    expect(recipe(first.raw, header, oldSecret, 300, nowSeconds())).toBe(true);

    h.clock.advance(HOUR + 1);
    await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    await waitUntil(() => receiver.received.length === 2, 'the test event');
    const second = receiver.received[1]!;
    expect(second.event.type).toBe('webhook.test');
    expect(second.headers['tontill-signature']!.match(/v1=/g)).toHaveLength(1);
    expect(recipe(second.raw, second.headers['tontill-signature'], newSecret, 300, nowSeconds())).toBe(true);
    expect(recipe(second.raw, second.headers['tontill-signature'], oldSecret, 300, nowSeconds())).toBe(false);
  });

  it('receiver down for a while, then up: every event arrives, in order per payment', async () => {
    const { endpoint } = await addEndpoint();
    await receiver.stop();
    dispatcher = h.startDispatcher();
    const payments = [];
    for (let i = 0; i < 6; i += 1) payments.push(await h.createPayment());
    for (const p of payments.slice(0, 4)) await h.cancelPayment(p.id);
    await waitUntil(
      async () => (await deliveries()).filter((d) => d.attempts > 0).length === 6,
      'a failed first attempt per payment',
    );
    await dispatcher.whenIdle();

    // Only each payment's oldest event was tried; the later ones wait behind it.
    const rows = await deliveries();
    expect(rows.filter((d) => d.eventType === 'payment.cancelled').every((d) => d.attempts === 0)).toBe(true);
    expect(
      rows
        .filter((d) => d.eventType === 'payment.created')
        .every((d) => d.status === 'pending' && d.lastError?.includes('ECONNREFUSED')),
    ).toBe(true);
    const listed = (await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0];
    expect(listed).toMatchObject({ id: endpoint.id, status: 'failing', failingSince: '2026-11-21T12:00:00.000Z' });

    await later(); // still down: a second round fails and backs off further
    expect((await deliveries()).filter((d) => d.attempts === 2)).toHaveLength(6);
    await receiver.listen();
    await later(3 * HOUR);
    await waitUntil(async () => (await deliveries('&status=delivered')).length === 10, 'all ten delivered');

    const order = arrivalOrderByPayment(receiver.received);
    for (const p of payments) expect(order.get(p.id)).toEqual(await ledgerOrder(p.id));
    expect((await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0]).toMatchObject({
      status: 'active',
      failingSince: null,
    });
  });

  it('a failing endpoint that answers again gets its backlog retried at once', async () => {
    const { endpoint } = await addEndpoint();
    await receiver.stop();
    dispatcher = h.startDispatcher();
    for (let i = 0; i < 5; i += 1) await h.createPayment();
    await waitUntil(
      async () => (await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0].status === 'failing',
      'failing',
    );
    await receiver.listen();
    await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    await waitUntil(
      () => receiver.received.length === 6,
      'the test event and the backlog, without waiting for backoff',
    );
  });

  it('keeps per-payment order under concurrency with a flaky, jittery receiver', async () => {
    await addEndpoint();
    let n = 0;
    receiver.reply = () => ({ status: ++n % 5 === 0 ? 503 : 200, delayMs: n % 7 });
    dispatcher = h.startDispatcher({ maxPerTarget: 16 });
    const payments = [];
    for (let i = 0; i < 40; i += 1) payments.push(await h.createPayment());
    for (const p of payments) await h.cancelPayment(p.id);
    for (let round = 0; round < 30 && (await deliveries('&status=pending')).length > 0; round += 1) {
      await dispatcher.whenIdle();
      await later();
    }
    expect(await deliveries('&status=delivered')).toHaveLength(80);
    const order = arrivalOrderByPayment(receiver.received);
    for (const p of payments) expect(order.get(p.id)).toEqual(await ledgerOrder(p.id));
  });

  it('receiver answering 500, then 200: retried with backoff, every attempt logged', async () => {
    await addEndpoint();
    let calls = 0;
    receiver.reply = () =>
      ++calls === 1 ? { status: 500, body: 'database is down' } : { status: 200, body: 'thanks' };
    dispatcher = h.startDispatcher();
    await h.createPayment();
    await dispatcher.whenIdle();
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    const backoff = Date.parse(row!.nextAttemptAt!) - h.clock.now();
    expect(backoff).toBe(DEFAULT_RETRY_POLICY.baseDelayMs); // random() = 0.5 puts the jitter factor at exactly 1

    await later(backoff - 1);
    expect((await deliveries())[0]!.attempts).toBe(1);
    await later(1);
    const log = await detail(row!.id);
    expect(log.delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(log.attempts.map((a) => [a.responseStatus, a.responseBody])).toEqual([
      [500, 'database is down'],
      [200, 'thanks'],
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('a 400 is retried, not final; later events of the payment wait behind it and arrive in order', async () => {
    await addEndpoint();
    let refusing = true;
    receiver.reply = () => (refusing ? { status: 400, body: 'x'.repeat(10_000) } : { status: 200 });
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment();
    await h.cancelPayment(payment.id);
    await dispatcher.whenIdle();
    await later();
    const created = (await deliveries()).find((d) => d.eventType === 'payment.created')!;
    expect(created).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 400, lastError: 'HTTP 400' });
    expect(created.nextAttemptAt).not.toBeNull();
    expect((await detail(created.id)).attempts[0]!.responseBody).toHaveLength(4096);
    expect(receiver.received).toHaveLength(0);

    refusing = false;
    await later(4 * HOUR);
    expect(receiver.received.map((r) => r.event.type)).toEqual(['payment.created', 'payment.cancelled']);
  });

  for (const status of [301, 401, 404, 408, 410, 422, 429, 503]) {
    it(`${status} is retried like any answer outside 2xx`, async () => {
      await addEndpoint();
      receiver.reply = () => ({ status });
      dispatcher = h.startDispatcher();
      await h.createPayment();
      await dispatcher.whenIdle();
      await later();
      const reason = status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`;
      expect((await deliveries())[0]).toMatchObject({
        status: 'pending',
        attempts: 2,
        lastStatusCode: status,
        lastError: reason,
      });
    });
  }

  it('a slow receiver hits the timeout and is retried', async () => {
    await addEndpoint();
    let calls = 0;
    receiver.reply = () => (++calls === 1 ? { status: 200, delayMs: 5_000 } : { status: 200 });
    dispatcher = h.startDispatcher({ timeoutMs: 150 });
    await h.createPayment();
    await waitUntil(async () => (await deliveries())[0]!.attempts === 1, 'the timed-out attempt');
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'timeout after 150 ms' });
    await later();
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('gives up after about three days and says so, keeping the endpoint marked failing', async () => {
    await addEndpoint();
    receiver.reply = () => ({ status: 502 });
    dispatcher = h.startDispatcher();
    await h.createPayment();
    await dispatcher.whenIdle();
    for (let hours = 0; hours <= 80; hours += 4) await later(4 * HOUR);
    const [row] = await deliveries();
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toMatch(/^gave up after \d+ attempts: HTTP 502$/);
    expect(row!.attempts).toBeGreaterThan(10);
    const lastAttempt = (await detail(row!.id)).attempts.at(-1)!;
    expect(Date.parse(lastAttempt.at) - Date.parse(row!.createdAt)).toBe(DEFAULT_RETRY_POLICY.giveUpAfterMs);
    expect((await h.consoleApi('GET', '/webhooks/endpoints')).body.items[0]).toMatchObject({
      status: 'failing',
      failingSince: row!.createdAt,
    });
  });

  it('a deleted endpoint stops its pending deliveries; a disabled one holds them until re-enabled', async () => {
    const gone = await addEndpoint(['*'], '/gone');
    const paused = await addEndpoint(['*'], '/paused');
    await receiver.stop();
    dispatcher = h.startDispatcher();
    await h.createPayment();
    await dispatcher.whenIdle();
    await h.consoleApi('DELETE', `/webhooks/endpoints/${gone.endpoint.id}`);
    await h.consoleApi('PATCH', `/webhooks/endpoints/${paused.endpoint.id}`, { enabled: false });
    await receiver.listen();
    await later();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(`&endpointId=${gone.endpoint.id}`))[0]).toMatchObject({
      status: 'failed',
      lastError: 'endpoint deleted',
    });
    await h.consoleApi('PATCH', `/webhooks/endpoints/${paused.endpoint.id}`, { enabled: true });
    await later();
    expect(receiver.received.map((r) => r.path)).toEqual(['/paused']);
  });

  it('a corrected endpoint URL also applies to its waiting backlog', async () => {
    const { endpoint } = await addEndpoint(['*'], '/wrong');
    receiver.reply = (r) => (r.path === '/wrong' ? { status: 503 } : { status: 200 });
    dispatcher = h.startDispatcher();
    const payment = await h.createPayment();
    await h.cancelPayment(payment.id);
    await dispatcher.whenIdle();
    expect((await deliveries(`&endpointId=${endpoint.id}`)).map((d) => d.attempts).sort()).toEqual([0, 1]);
    await h.consoleApi('PATCH', `/webhooks/endpoints/${endpoint.id}`, { url: receiver.url('/right') });
    await later();
    expect(receiver.received.map((r) => [r.path, r.event.type])).toEqual([
      ['/right', 'payment.created'],
      ['/right', 'payment.cancelled'],
    ]);
    const [cancelled] = await deliveries(`&endpointId=${endpoint.id}`);
    expect(cancelled).toMatchObject({ url: receiver.url('/right'), status: 'delivered' });
  });

  it('stops cleanly with a delivery in flight, leaving it pending for the next start', async () => {
    await addEndpoint();
    // the stop comes once the request has reached the receiver, so the delivery is surely in flight
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    receiver.reply = () => {
      arrived();
      return { status: 200, delayMs: 30_000 };
    };
    dispatcher = h.startDispatcher({ timeoutMs: 20_000, stopGraceMs: 50 });
    await h.createPayment();
    await inFlight;
    await h.services.webhooks.stopDispatcher();
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: 0 });
    receiver.reply = () => ({ status: 200 });
    dispatcher = h.startDispatcher();
    await waitUntil(() => receiver.received.length === 1, 'delivery after restart');
  });
});
