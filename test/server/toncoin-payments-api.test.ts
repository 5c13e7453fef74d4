// Toncoin payments on the merchant API: the spec's quick-start payload with "currency": "TON" creates a
// payment in nanotons (9 decimals) with plain ton:// links; USDT answers stay as they were.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSchema } from '../../contract/payments';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const CREATE_ENDPOINTS = ['/invoice/deposit', '/crypto/deposit/receiving-address', '/crypto/deposit/invoice'] as const;
const TONCOIN = { currency: 'TON', mainCurrency: 'TON', amount: '1.50', externalId: 'ton-order-1' };

describe('Toncoin payments on the merchant API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
    });

  for (const url of CREATE_ENDPOINTS) {
    it(`${url} creates a payment in Toncoin, in nanotons, with a plain transfer link`, async () => {
      const res = await post(url, TONCOIN);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(PaymentSchema.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({
        amount: '1.50',
        amountBaseUnits: '1500000000',
        dueAmount: '1.50',
        currency: 'TON',
        mainCurrency: 'TON',
      });
      expect(body.links.ton).toBe(`ton://transfer/${body.address}?amount=1500000000&text=${body.memo}`);
      expect(body.links.tonkeeper).toBe(
        `https://app.tonkeeper.com/transfer/${body.address}?amount=1500000000&text=${body.memo}`,
      );
    });
  }

  it('says 9 decimals for a Toncoin receiving address and 6 for USDT', async () => {
    expect((await post('/crypto/deposit/receiving-address', TONCOIN)).json()).toMatchObject({ decimals: 9 });
    expect((await post('/crypto/deposit/receiving-address', QUICK_START)).json()).toMatchObject({ decimals: 6 });
  });

  it('holds each asset to its own decimals, naming the field', async () => {
    const nineDecimals = await post('/invoice/deposit', { ...TONCOIN, amount: '0.000000001' });
    expect(nineDecimals.statusCode).toBe(200);
    expect(nineDecimals.json()).toMatchObject({ amount: '0.000000001', amountBaseUnits: '1' });
    for (const [currency, amount, decimals] of [
      ['TON', '1.0000000001', 9],
      ['USDT', '1.0000001', 6],
    ] as const) {
      const res = await post('/invoice/deposit', { currency, mainCurrency: 'TON', amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'amount' });
      expect(res.json().error.message).toContain(`at most ${decimals} decimals`);
    }
  });

  it('refuses a currency it does not take, naming both it does', async () => {
    const res = await post('/invoice/deposit', { ...TONCOIN, currency: 'BTC' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'currency' });
    expect(res.json().error.message).toMatch(/USDT, TON.*ISO 4217/);
  });

  it('keeps an externalId to one request: the same id in another currency is a conflict', async () => {
    expect((await post('/invoice/deposit', TONCOIN)).statusCode).toBe(200);
    const again = await post('/invoice/deposit', { ...TONCOIN, currency: 'USDT' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses Toncoin on every creation route of a store that takes USDT only, naming currency', async () => {
    await t.close();
    t = await createTestApp({ config: { payments: { acceptedAssets: ['USDT'] } } });
    for (const url of [...CREATE_ENDPOINTS, '/invoice/widgets']) {
      const res = await post(url, { ...TONCOIN, externalId: undefined });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'currency' });
      expect(res.json().error.message).toContain('This store does not take TON payments; it takes USDT');
    }
    expect((await post('/invoice/deposit', QUICK_START)).statusCode).toBe(200);
  });
});
