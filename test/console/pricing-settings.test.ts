// Settings → Pricing on the console API: the store's currency, tolerance and rate table, saved with an
// audit entry and refused field by field; the rates' health; a desk invoice priced in the store currency.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { RatesHealthSchema } from '../../contract/rates';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/console/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body,
  };
};

const EUR_PRICING = {
  ...DEFAULT_PRICING_SETTINGS,
  storeCurrency: 'EUR',
  shortTolerancePercent: '1',
  rateMode: 'manual' as const,
  manualRates: [
    { currency: 'EUR', asset: 'USDT', rate: '0.9' },
    { currency: 'EUR', asset: 'TON', rate: '4.5' },
  ],
};

describe('console API: pricing settings and the rates health', () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('reads the defaults, saves a whole value, and the audit log names the change', async () => {
    expect(await call('GET', '/settings/pricing')).toEqual({ status: 200, body: DEFAULT_PRICING_SETTINGS });
    expect(await call('PUT', '/settings/pricing', EUR_PRICING)).toEqual({ status: 200, body: EUR_PRICING });
    expect((await call('GET', '/settings/pricing')).body).toEqual(EUR_PRICING);
    expect(await t.services.pricing.current()).toEqual(EUR_PRICING);
    const audit = await call('GET', '/audit');
    expect(audit.body.items[0]).toMatchObject({ actor: 'owner', action: 'settings.change', target: 'store_pricing' });
  });

  it('fills left-out fields with their defaults', async () => {
    const saved = await call('PUT', '/settings/pricing', { storeCurrency: 'JPY' });
    expect(saved.body).toEqual({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'JPY' });
  });

  it.each([
    [{ storeCurrency: 'XYZ' }, 'storeCurrency'],
    [{ shortTolerancePercent: '11' }, 'shortTolerancePercent'],
    [{ shortTolerancePercent: '0.505' }, 'shortTolerancePercent'],
    [{ rateMode: 'guess' }, 'rateMode'],
    [{ manualRates: [{ currency: 'EUR', asset: 'USDT', rate: '-1' }] }, 'manualRates.0.rate'],
    [{ manualRates: [{ currency: 'EUR', asset: 'USDT', rate: 0.9 }] }, 'manualRates.0.rate'],
    [{ manualRates: [{ currency: 'EURO', asset: 'USDT', rate: '0.9' }] }, 'manualRates.0.currency'],
    [{ manualRates: [{ currency: 'EUR', asset: 'BTC', rate: '0.9' }] }, 'manualRates.0.asset'],
    [{ maxRateAgeSeconds: 10 }, 'maxRateAgeSeconds'],
    [{ surprise: true }, 'surprise'],
  ])('refuses %j with a 400 naming %s, and keeps what was saved', async (body, field) => {
    await call('PUT', '/settings/pricing', EUR_PRICING);
    const res = await call('PUT', '/settings/pricing', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect((await call('GET', '/settings/pricing')).body).toEqual(EUR_PRICING);
  });

  it('refuses the same currency and asset twice in the manual table', async () => {
    const twice = [EUR_PRICING.manualRates[0], { ...EUR_PRICING.manualRates[0], rate: '0.8' }];
    const res = await call('PUT', '/settings/pricing', { manualRates: twice });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('manualRates');
  });

  it("says where rates come from: the sandbox's table on the sandbox chain", async () => {
    const before = await call('GET', '/rates/health');
    expect(before).toEqual({ status: 200, body: { origin: 'sandbox', sources: [], lastRefusal: null } });
    expect(RatesHealthSchema.safeParse(before.body).success).toBe(true);
  });

  it("is the owner's: a cashier is refused both", async () => {
    const { cashier } = await t.services.cashiers.create('Ana', null, 'owner');
    const token = await t.storage.write((uow) => t.services.sessions.startCashierSession(uow, cashier.id));
    auth = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/settings/pricing')).status).toBe(403);
    expect((await call('PUT', '/settings/pricing', EUR_PRICING)).status).toBe(403);
    expect((await call('GET', '/rates/health')).status).toBe(403);
  });

  it('makes a desk invoice in EUR at the manual rate, with a tip in cents, and lists its price', async () => {
    await call('PUT', '/settings/pricing', EUR_PRICING);
    const made = await call('POST', '/payments', { currency: 'EUR', amount: '3.60', tip: '0.36' });
    expect(made.status).toBe(200);
    // 3.60 / 0.9 = 4 USDT; the tip is a tenth of the price, so a tenth of the quote
    expect(made.body).toMatchObject({
      price: { amount: '3.60', currency: 'EUR' },
      currency: 'USDT',
      amount: '4.00',
      quotes: [
        { currency: 'USDT', amount: '4.00', rate: '0.9', source: 'manual' },
        { currency: 'TON', amount: '0.80', rate: '4.5', source: 'manual' },
      ],
      tolerance: { percent: '1', shortfall: '0.00' },
    });
    const detail = await call('GET', `/payments/${made.body.id}`);
    expect(detail.body.tipAmount).toBe('0.40');
    const row = (await call('GET', '/payments')).body.items[0];
    expect(row).toMatchObject({
      price: { amount: '3.60', currency: 'EUR' },
      rate: '0.9',
      rateSource: 'manual',
      shortfall: '0.00',
      tolerancePercent: '1',
    });
  });

  it('refuses a tip with more decimals than the currency has, naming tip', async () => {
    await call('PUT', '/settings/pricing', EUR_PRICING);
    const res = await call('POST', '/payments', { currency: 'EUR', amount: '3.60', tip: '0.365' });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('tip');
  });

  it('appends price, price currency, rate and shortfall to the payments CSV, after the existing columns', async () => {
    await call('PUT', '/settings/pricing', EUR_PRICING);
    await call('POST', '/payments', { currency: 'EUR', amount: '3.60' });
    await call('POST', '/payments', { currency: 'USDT', amount: '2.50' });
    const lines = String((await call('GET', '/payments/export.csv')).body)
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(-5)).toEqual(['currency', 'price', 'priceCurrency', 'rate', 'shortfall']);
    expect(header.slice(0, 3)).toEqual(['id', 'status', 'kind']);
    expect(lines[1]!.split(',').slice(-5)).toEqual(['USDT', '2.50', 'USDT', '', '0.00']);
    expect(lines[2]!.split(',').slice(-5)).toEqual(['USDT', '3.60', 'EUR', '0.9', '0.00']);
  });
});
