// A price in the merchant's own currency on the merchant API: the sandbox's fixed rates (1 USDT = 1 USD,
// 1 TON = 5 USD, 1 USD = 0.92 EUR) lock one quote per accepted asset, rounded up to its smallest unit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSchema } from '../../contract/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EUR = { currency: 'EUR', mainCurrency: 'TON', amount: '3.40' };

describe('a fiat-priced payment on the merchant API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      payload: JSON.stringify(payload),
      headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
    });

  it('states its price and a locked quote per accepted asset, and asks the first', async () => {
    const res = await post(EUR);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(PaymentSchema.safeParse(body).success).toBe(true);
    const fixedAt = new Date(t.clock.now()).toISOString();
    expect(body).toMatchObject({
      price: { amount: '3.40', currency: 'EUR' },
      // 3.40 / 0.92 = 3.695652173913… USDT, rounded up to the micro-USDT; 3.40 / 4.6 TON, to the nanoton
      quotes: [
        { currency: 'USDT', amount: '3.695653', rate: '0.92', source: 'sandbox', fixedAt },
        { currency: 'TON', amount: '0.739130435', rate: '4.6', source: 'sandbox', fixedAt },
      ],
      currency: 'USDT',
      amount: '3.695653',
      dueAmount: '3.695653',
      tolerance: { percent: '0', shortfall: '0.00' },
    });
  });

  it('prices in a currency of no minor digits and one of three', async () => {
    const yen = (await post({ ...EUR, currency: 'JPY', amount: '500' })).json();
    expect(yen).toMatchObject({ price: { amount: '500', currency: 'JPY' }, amount: '3.333334' });
    const dinar = (await post({ ...EUR, currency: 'KWD', amount: '1.005' })).json();
    expect(dinar).toMatchObject({ price: { amount: '1.005', currency: 'KWD' }, amount: '3.273616' });
  });

  it('refuses more decimals than the currency has, naming amount', async () => {
    const res = await post({ ...EUR, currency: 'JPY', amount: '500.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'amount' } });
    expect(res.json().error.message).toContain('JPY has 0');
  });

  it('refuses a code that is no currency, naming currency', async () => {
    const res = await post({ ...EUR, currency: 'EUX' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'currency' } });
  });

  it('answers 503 RATE_UNAVAILABLE for a currency no rate prices, saying which', async () => {
    const res = await post({ ...EUR, currency: 'MNT' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'RATE_UNAVAILABLE', field: 'currency' } });
    expect(res.json().error.message).toContain('MNT/USDT');
  });

  it('replays a retry by externalId with the quote it locked', async () => {
    const first = (await post({ ...EUR, externalId: 'eur-1' })).json();
    t.clock.advance(60_000);
    const again = await post({ ...EUR, externalId: 'eur-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
  });

  it('leaves an asset-priced payment as it was, its price its own amount', async () => {
    const body = (await post({ currency: 'USDT', mainCurrency: 'TON', amount: '10.00' })).json();
    expect(body).toMatchObject({ price: { amount: '10.00', currency: 'USDT' }, quotes: [], amount: '10.00' });
  });
});
