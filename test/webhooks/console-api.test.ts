import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_EVENT_TYPES } from '../../contract/payments';
import { createWebhookHarness, type WebhookHarness } from './harness';

describe('webhook console API', () => {
  let h: WebhookHarness;
  beforeEach(async () => {
    h = await createWebhookHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const create = (body: Record<string, unknown> = {}) =>
    h.consoleApi('POST', '/webhooks/endpoints', {
      url: 'https://shop.example/hooks',
      events: ['payment.paid'],
      ...body,
    });

  it('requires a console session', async () => {
    const res = await h.app.inject({ url: '/console/api/webhooks/endpoints' });
    expect(res.statusCode).toBe(401);
    const withApiKey = await h.app.inject({
      url: '/console/api/webhooks/endpoints',
      headers: { 'x-api-key': h.apiKey },
    });
    expect(withApiKey.statusCode).toBe(401);
  });

  it('creates an endpoint and shows its secret only once', async () => {
    const res = await create({ description: 'orders', events: ['payment.paid', 'payment.expired'] });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.endpoint).toEqual({
      id: expect.stringMatching(/^whe_/),
      url: 'https://shop.example/hooks',
      events: ['payment.paid', 'payment.expired'],
      enabled: true,
      status: 'active',
      description: 'orders',
      createdAt: '2026-11-21T12:00:00.000Z',
      failingSince: null,
      lastDeliveryAt: null,
      lastDeliveryOutcome: null,
    });
    const list = await h.consoleApi('GET', '/webhooks/endpoints');
    expect(list.body.items).toEqual([res.body.endpoint]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['an ftp URL', { url: 'ftp://shop.example/hooks' }, 'url'],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'url'],
    ['credentials in the URL', { url: 'https://user:pass@shop.example/hooks' }, 'url'],
    ['not a URL', { url: 'shop' }, 'url'],
    ['an unknown event type', { events: ['payment.refunded'] }, 'events.0'],
    ['no events', { events: [] }, 'events'],
    ['an unknown field', { secret: 'mine' }, 'secret'],
    ['a non-boolean enabled', { enabled: 'yes' }, 'enabled'],
  ];
  for (const [name, body, field] of invalid) {
    it(`rejects ${name} with 400 naming ${field}`, async () => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    });
  }

  it('accepts loopback URLs, "*" and every payment event type', async () => {
    const res = await create({ url: 'http://127.0.0.1:9000/hook', events: ['*', ...PAYMENT_EVENT_TYPES] });
    expect(res.status).toBe(200);
    expect(res.body.endpoint.events).toEqual(['*', ...PAYMENT_EVENT_TYPES]);
  });

  it('updates, rotates and deletes an endpoint', async () => {
    const { endpoint, secret } = (await create()).body;
    const patched = await h.consoleApi('PATCH', `/webhooks/endpoints/${endpoint.id}`, {
      enabled: false,
      description: null,
      events: ['*'],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.endpoint).toMatchObject({
      enabled: false,
      description: null,
      events: ['*'],
      url: endpoint.url,
    });
    expect(
      (await h.consoleApi('PATCH', `/webhooks/endpoints/${endpoint.id}`, { url: 'file:///etc/passwd' })).body.error
        .field,
    ).toBe('url');

    const rotated = await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { graceHours: 2 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`)).status).toBe(200);
    expect(
      (await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { graceHours: -1 })).body.error
        .field,
    ).toBe('graceHours');

    expect((await h.consoleApi('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await h.consoleApi('DELETE', `/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await h.consoleApi('PATCH', `/webhooks/endpoints/${endpoint.id}`, { enabled: true })).status).toBe(404);
    expect((await h.consoleApi('GET', '/webhooks/endpoints')).body.items).toEqual([]);
  });

  it('views and rotates the callback secret', async () => {
    const first = await h.consoleApi('GET', '/webhooks/callback-secret');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      rotatedAt: expect.any(String),
      previousSecretExpiresAt: null,
    });
    expect((await h.consoleApi('GET', '/webhooks/callback-secret')).body.secret).toBe(first.body.secret);
    const rotated = await h.consoleApi('POST', '/webhooks/callback-secret', { graceHours: 1 });
    expect(rotated.body.secret).not.toBe(first.body.secret);
    expect(rotated.body.previousSecretExpiresAt).toBe('2026-11-21T13:00:00.000Z');
  });

  it('writes outbox rows for subscribed, enabled endpoints and callback URLs; lists and pages them', async () => {
    const all = (await create({ events: ['*'] })).body.endpoint;
    const paidOnly = (await create({ events: ['payment.paid'] })).body.endpoint;
    const off = (await create({ events: ['*'], enabled: false })).body.endpoint;
    const payment = await h.createPayment({ callbackUrl: 'http://127.0.0.1:1/cb' });
    await h.cancelPayment(payment.id as string);

    const res = await h.consoleApi('GET', `/webhooks/deliveries?paymentId=${payment.id}`);
    expect(res.status).toBe(200);
    const items = res.body.items as Array<Record<string, unknown>>;
    expect(items.map((d) => [d.eventType, d.endpointId, d.url])).toEqual([
      ['payment.cancelled', null, 'http://127.0.0.1:1/cb'],
      ['payment.cancelled', all.id, all.url],
      ['payment.created', null, 'http://127.0.0.1:1/cb'],
      ['payment.created', all.id, all.url],
    ]);
    expect(items.some((d) => d.endpointId === paidOnly.id || d.endpointId === off.id)).toBe(false);
    expect(items[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      deliveredAt: null,
      paymentId: payment.id,
    });
    expect(items[0]!.nextAttemptAt).toEqual(expect.any(String));

    const page1 = await h.consoleApi('GET', `/webhooks/deliveries?endpointId=${all.id}&limit=1`);
    expect(page1.body.items).toHaveLength(1);
    const page2 = await h.consoleApi(
      'GET',
      `/webhooks/deliveries?endpointId=${all.id}&limit=1&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.nextCursor).toBeNull();
    expect([page1.body.items[0].eventType, page2.body.items[0].eventType]).toEqual([
      'payment.cancelled',
      'payment.created',
    ]);

    const detail = await h.consoleApi('GET', `/webhooks/deliveries/${items[0]!.id}`);
    expect(detail.body).toEqual({ delivery: items[0], attempts: [] });
    expect((await h.consoleApi('GET', '/webhooks/deliveries/whd_nope')).status).toBe(404);
    expect((await h.consoleApi('GET', '/webhooks/deliveries?status=lost')).body.error.field).toBe('status');
    expect((await h.consoleApi('GET', '/webhooks/deliveries?limit=0')).body.error.field).toBe('limit');
    expect((await h.consoleApi('GET', '/webhooks/deliveries?cursor=abc')).body.error.field).toBe('cursor');
    const byEvent = await h.consoleApi('GET', `/webhooks/deliveries?eventId=${items[0]!.eventId}&status=pending`);
    expect(byEvent.body.items).toHaveLength(2);
  });

  it('writes no outbox row when the event is rolled back', async () => {
    await create({ events: ['*'] });
    const payment = await h.createPayment();
    // a credit (its events and their outbox rows) in a unit of work that then fails
    await expect(
      h.storage.write(async (uow) => {
        const current = (await uow.payments.findById(payment.id as string))!;
        await h.services.payments.creditFromChain(uow, current, 1n, h.clock.now(), [
          { txHash: 'ab'.repeat(32), amount: 1n, from: null, comment: null, creditedAt: h.clock.now() },
        ]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const res = await h.consoleApi('GET', '/webhooks/deliveries');
    expect(res.body.items.map((d: { eventType: string }) => d.eventType)).toEqual(['payment.created']);
  });

  it('queues a test event and redelivers events', async () => {
    const endpoint = (await create({ events: ['payment.created'] })).body.endpoint;
    const test = await h.consoleApi('POST', `/webhooks/endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body.delivery).toMatchObject({
      eventType: 'webhook.test',
      endpointId: endpoint.id,
      status: 'pending',
      paymentId: null,
    });
    const again = await h.consoleApi('POST', `/webhooks/events/${test.body.delivery.eventId}/redeliver`);
    expect(again.body.deliveries).toHaveLength(1);
    expect(again.body.deliveries[0]).toMatchObject({ eventId: test.body.delivery.eventId, endpointId: endpoint.id });
    expect(again.body.deliveries[0].id).not.toBe(test.body.delivery.id);

    const payment = await h.createPayment({ callbackUrl: 'https://shop.example/cb' });
    const created = (await h.consoleApi('GET', `/webhooks/deliveries?paymentId=${payment.id}`)).body.items[0];
    const re = await h.consoleApi('POST', `/webhooks/events/${created.eventId}/redeliver`);
    expect(re.body.deliveries.map((d: { url: string }) => d.url).sort()).toEqual([
      'https://shop.example/cb',
      'https://shop.example/hooks',
    ]);
    const one = await h.consoleApi('POST', `/webhooks/events/${created.eventId}/redeliver`, {
      endpointId: endpoint.id,
    });
    expect(one.body.deliveries).toHaveLength(1);
    expect((await h.consoleApi('POST', '/webhooks/events/evt_nope/redeliver')).status).toBe(404);
    expect((await h.consoleApi('POST', '/webhooks/endpoints/whe_nope/test')).status).toBe(404);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await h.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining(['/console/api/webhooks/endpoints', '/console/api/webhooks/deliveries']),
    );
  });
});
