import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSchema } from '../../contract/payments';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const CREATE_ENDPOINTS = ['/invoice/deposit', '/crypto/deposit/receiving-address', '/crypto/deposit/invoice'] as const;

describe('merchant API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, key: string | null = t.apiKey) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });

  for (const url of CREATE_ENDPOINTS) {
    it(`${url} accepts the quick-start payload and returns a complete payment`, async () => {
      const res = await post(url, QUICK_START);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(PaymentSchema.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({
        status: 'pending',
        amount: '10.00',
        amountBaseUnits: '10000000',
        currency: 'USDT',
        mainCurrency: 'TON',
        externalId: 'order-1',
      });
      expect(body.id).toMatch(/^pay_/);
      expect(body.memo).toMatch(/^TT-[2-9A-Z]{10}$/);
      expect(body.links.ton).toBe(
        `ton://transfer/${body.address}?jetton=${body.jettonMaster}&amount=10000000&text=${body.memo}`,
      );
      expect(body.links.tonkeeper).toContain('https://app.tonkeeper.com/transfer/');
      expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(1800_000);
    });
  }

  it('hosted deposit returns the hosted page URL', async () => {
    const body = (await post('/invoice/deposit', QUICK_START)).json();
    expect(body.url).toBe(`http://127.0.0.1:8787/pay/${body.id}`);
    expect(body.kind).toBe('hpp');
  });

  it('receiving-address returns the network and decimals', async () => {
    const body = (await post('/crypto/deposit/receiving-address', QUICK_START)).json();
    expect(body).toMatchObject({ network: 'TON', decimals: 6, kind: 'address' });
  });

  it('reads a payment back by id', async () => {
    const created = (await post('/crypto/deposit/invoice', QUICK_START)).json();
    const res = await t.app.inject({ url: `/crypto/payment/${created.id}`, headers: { 'x-api-key': t.apiKey } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('answers 404 in the error shape for an unknown payment', async () => {
    const res = await t.app.inject({
      url: '/crypto/payment/pay_0000000000000000000000',
      headers: { 'x-api-key': t.apiKey },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'PAYMENT_NOT_FOUND', message: expect.any(String), field: 'paymentId' },
    });
  });

  it('rejects a malformed payment id with 400 naming the field', async () => {
    const res = await t.app.inject({ url: '/crypto/payment/nope', headers: { 'x-api-key': t.apiKey } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('paymentId');
  });

  describe('idempotency by externalId', () => {
    it('returns the same payment for the same body, marked as a replay', async () => {
      const first = await post('/crypto/deposit/invoice', QUICK_START);
      const again = await post('/crypto/deposit/invoice', {
        externalId: 'order-1',
        amount: '10.00',
        mainCurrency: 'TON',
        currency: 'USDT',
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().id).toBe(first.json().id);
    });

    it('answers 409 for a different body with the same externalId', async () => {
      await post('/crypto/deposit/invoice', QUICK_START);
      const res = await post('/crypto/deposit/invoice', { ...QUICK_START, amount: '11.00' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', field: 'externalId' });
    });

    it('answers 409 when the same externalId is used on another endpoint', async () => {
      await post('/crypto/deposit/invoice', QUICK_START);
      expect((await post('/invoice/deposit', QUICK_START)).statusCode).toBe(409);
    });

    it('creates distinct payments without externalId', async () => {
      const { externalId: _omit, ...body } = QUICK_START;
      const a = (await post('/crypto/deposit/invoice', body)).json();
      const b = (await post('/crypto/deposit/invoice', body)).json();
      expect(a.id).not.toBe(b.id);
      expect(a.memo).not.toBe(b.memo);
    });
  });

  describe('validation', () => {
    const cases: Array<[string, unknown, string]> = [
      ['the number 10 instead of a string', { ...QUICK_START, amount: 10 }, 'amount'],
      ['seven decimals', { ...QUICK_START, amount: '10.1234567' }, 'amount'],
      ['a negative amount', { ...QUICK_START, amount: '-1' }, 'amount'],
      ['zero', { ...QUICK_START, amount: '0' }, 'amount'],
      ['exponent notation', { ...QUICK_START, amount: '1e3' }, 'amount'],
      ['letters', { ...QUICK_START, amount: 'abc' }, 'amount'],
      ['an empty amount', { ...QUICK_START, amount: '' }, 'amount'],
      ['an amount above the maximum', { ...QUICK_START, amount: '1000000.01' }, 'amount'],
      ['a missing amount', { currency: 'USDT', mainCurrency: 'TON', externalId: 'x' }, 'amount'],
      ['a missing currency', { mainCurrency: 'TON', amount: '1.00' }, 'currency'],
      ['an unknown currency', { ...QUICK_START, currency: 'BTC' }, 'currency'],
      ['an unknown network', { ...QUICK_START, mainCurrency: 'ETH' }, 'mainCurrency'],
      ['a numeric externalId', { ...QUICK_START, externalId: 42 }, 'externalId'],
      ['an unknown field', { ...QUICK_START, amout: '1.00' }, 'amout'],
      ['a non-URL callback', { ...QUICK_START, callbackUrl: 'javascript:alert(1)' }, 'callbackUrl'],
      [
        'a callback URL with credentials',
        { ...QUICK_START, callbackUrl: 'https://user:secret@shop.example/hook' },
        'callbackUrl',
      ],
      ['an array body', [QUICK_START], 'body'],
      ['a string body', 'hello', 'body'],
    ];
    for (const [name, payload, field] of cases) {
      it(`rejects ${name} with 400 naming ${field}`, async () => {
        const res = await post('/crypto/deposit/invoice', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: { code: 'VALIDATION_ERROR', message: expect.stringContaining(field), field },
        });
      });
    }

    it('rejects invalid JSON and a missing body with 400', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/crypto/deposit/invoice',
        payload: '{"amount":',
        headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('body');
      const none = await t.app.inject({
        method: 'POST',
        url: '/crypto/deposit/invoice',
        headers: { 'x-api-key': t.apiKey },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.field).toBe('body');
    });

    it('rejects a non-JSON content type with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/crypto/deposit/invoice',
        payload: 'amount=10',
        headers: { 'x-api-key': t.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('rejects an oversize body with 413', async () => {
      const res = await post('/crypto/deposit/invoice', { ...QUICK_START, description: 'x'.repeat(70_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('writes nothing for a rejected request', async () => {
      await post('/crypto/deposit/invoice', { ...QUICK_START, amount: '-1' });
      const [count] = await t.rows<{ n: number | bigint }>('SELECT count(*) AS n FROM payments');
      expect(Number(count!.n)).toBe(0);
    });
  });

  describe('authentication', () => {
    it('requires an API key', async () => {
      const res = await post('/crypto/deposit/invoice', QUICK_START, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it('refuses an unknown key', async () => {
      expect((await post('/crypto/deposit/invoice', QUICK_START, 'tt_not-a-key')).statusCode).toBe(401);
    });

    it('refuses a revoked key at once', async () => {
      const { key, record } = await t.services.apiKeys.create('temp');
      expect((await post('/crypto/deposit/invoice', QUICK_START, key)).statusCode).toBe(200);
      await t.services.apiKeys.revoke(record.id);
      expect((await post('/crypto/deposit/invoice', QUICK_START, key)).statusCode).toBe(401);
    });

    it('stores only a hash of the key and records when it was used', async () => {
      await post('/crypto/deposit/invoice', QUICK_START);
      const rows = await t.rows<{ key_hash: string; last_used_at: number | null }>(
        'SELECT key_hash, last_used_at FROM api_keys',
      );
      expect(rows.some((r) => r.key_hash === t.apiKey)).toBe(false);
      expect(JSON.stringify(rows)).not.toContain(t.apiKey);
      expect(rows[0]?.last_used_at).toBe(t.clock.now());
    });
  });

  describe('listing and cancelling', () => {
    it('pages through payments newest first with a keyset cursor and filters', async () => {
      for (let i = 0; i < 5; i++) await post('/crypto/deposit/invoice', { ...QUICK_START, externalId: `o-${i}` });
      const get = (q: string) =>
        t.app.inject({ url: `/crypto/payments?${q}`, headers: { 'x-api-key': t.apiKey } }).then((r) => r.json());
      const first = await get('limit=2');
      expect(first.items.map((p: { externalId: string }) => p.externalId)).toEqual(['o-4', 'o-3']);
      const second = await get(`limit=2&cursor=${first.nextCursor}`);
      expect(second.items.map((p: { externalId: string }) => p.externalId)).toEqual(['o-2', 'o-1']);
      const last = await get(`limit=2&cursor=${second.nextCursor}`);
      expect(last.items).toHaveLength(1);
      expect(last.nextCursor).toBeNull();
      expect((await get('externalId=o-3')).items).toHaveLength(1);
      expect((await get('status=paid')).items).toHaveLength(0);
      const bad = await t.app.inject({ url: '/crypto/payments?status=done', headers: { 'x-api-key': t.apiKey } });
      expect(bad.json().error.field).toBe('status');
    });

    it('cancels a pending payment once and records the event', async () => {
      const created = (await post('/crypto/deposit/invoice', QUICK_START)).json();
      const res = await post(`/crypto/payment/${created.id}/cancel`, undefined);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('cancelled');
      const again = await post(`/crypto/payment/${created.id}/cancel`, undefined);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('INVALID_STATE_TRANSITION');
      const types = (await t.services.payments.timeline(created.id)).map((e) => e.type);
      expect(types).toEqual(['payment.created', 'payment.cancelled']);
    });

    it('the status endpoint never serves a stale record after a change', async () => {
      const created = (await post('/crypto/deposit/invoice', QUICK_START)).json();
      const status = async () =>
        (await t.app.inject({ url: `/crypto/payment/${created.id}`, headers: { 'x-api-key': t.apiKey } })).json()
          .status;
      expect(await status()).toBe('pending');
      expect(await status()).toBe('pending');
      await post(`/crypto/payment/${created.id}/cancel`, undefined);
      expect(await status()).toBe('cancelled');
    });

    it('expires an unpaid payment at its expiry time', async () => {
      const created = (await post('/crypto/deposit/invoice', { ...QUICK_START, expiresInSeconds: 60 })).json();
      expect(await t.services.payments.expireDue()).toBe(0);
      t.clock.advance(60_000);
      expect(await t.services.payments.expireDue()).toBe(1);
      expect((await t.services.payments.get(created.id)).status).toBe('expired');
    });
  });
});
