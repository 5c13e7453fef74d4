import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { CATALOGUE_KEY } from '../../server/console-api/catalogue-routes';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: Record<string, string>;
const call = async (method: 'GET' | 'PUT', payload?: object) => {
  const res = await t.app.inject({
    method,
    url: '/console/api/catalogue',
    headers: auth,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

describe("console API: the till's item catalogue", () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());
  const useStoreCurrency = (storeCurrency: string) =>
    t.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency }, 'test');

  it('is empty at first, saves items with decimal-string prices, and keeps them in the ledger settings', async () => {
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'USDT', items: [] } });
    const items = [
      { id: 'espresso', name: 'Espresso', price: '2.50' },
      { id: 'croissant', name: ' Croissant ', price: '3.125' },
    ];
    const saved = await call('PUT', { items });
    expect(saved).toEqual({
      status: 200,
      body: { currency: 'USDT', items: [items[0], { id: 'croissant', name: 'Croissant', price: '3.125' }] },
    });
    expect((await call('GET')).body.items).toHaveLength(2);
    expect(await t.services.settings.get(CATALOGUE_KEY)).toEqual(saved.body);
  });

  it('refuses bad items with a 400 naming the field, never a 500', async () => {
    const bad = await call('PUT', { items: [{ id: 'tea', name: 'Tea', price: 2.5 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('items.0.price');
    expect((await call('PUT', { items: [{ id: 'tea', name: '', price: '1.00' }] })).body.error.field).toBe(
      'items.0.name',
    );
    expect(
      (
        await call('PUT', {
          items: [
            { id: 'tea', name: 'A', price: '1.00' },
            { id: 'tea', name: 'B', price: '2.00' },
          ],
        })
      ).status,
    ).toBe(400);
    expect((await call('PUT', { items: [{ id: 'tea', name: 'Tea', price: '1.0000001' }] })).status).toBe(400);
  });

  it('reads a stored value that no longer fits as an empty catalogue', async () => {
    await t.services.settings.set(CATALOGUE_KEY, { items: [{ id: 'x', price: 3 }] });
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'USDT', items: [] } });
    // a price its currency cannot have (written by hand, or by a version that did not check) is no catalogue either
    await t.services.settings.set(CATALOGUE_KEY, { currency: 'JPY', items: [{ id: 'x', name: 'X', price: '1.5' }] });
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'USDT', items: [] } });
  });

  it('reads a catalogue stored before it stated its currency as USDT, what it was written in', async () => {
    await useStoreCurrency('EUR');
    const items = [{ id: 'espresso', name: 'Espresso', price: '2.50' }];
    await t.services.settings.set(CATALOGUE_KEY, { items });
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'USDT', items } });
  });

  it("prices a catalogue saved without a currency in the store's currency, and one with a currency in it", async () => {
    await useStoreCurrency('EUR');
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'EUR', items: [] } });
    const items = [{ id: 'espresso', name: 'Espresso', price: '3.40' }];
    expect(await call('PUT', { items })).toEqual({ status: 200, body: { currency: 'EUR', items } });
    expect(await t.services.settings.get(CATALOGUE_KEY)).toEqual({ currency: 'EUR', items });
    const yen = [{ id: 'ramen', name: 'Ramen', price: '980' }];
    expect(await call('PUT', { currency: 'JPY', items: yen })).toEqual({
      status: 200,
      body: { currency: 'JPY', items: yen },
    });
    const toncoin = [{ id: 'sticker', name: 'Sticker', price: '0.123456789' }];
    expect((await call('PUT', { currency: 'TON', items: toncoin })).body).toEqual({ currency: 'TON', items: toncoin });
  });

  it("refuses a price with more decimals than the catalogue's currency has, naming the item, and an unknown currency", async () => {
    await useStoreCurrency('EUR');
    const items = [
      { id: 'a', name: 'A', price: '1' },
      { id: 'b', name: 'B', price: '2.5' },
      { id: 'c', name: 'C', price: '3.00' },
      { id: 'd', name: 'D', price: '4.125' },
    ];
    const euros = await call('PUT', { items });
    expect(euros.status).toBe(400);
    expect(euros.body.error).toMatchObject({ field: 'items.3.price', message: 'items.3.price: EUR has 2 decimals' });
    const yen = await call('PUT', { currency: 'JPY', items });
    expect(yen.status).toBe(400);
    expect(yen.body.error).toMatchObject({ field: 'items.1.price', message: 'items.1.price: JPY has 0 decimals' });
    const unknown = await call('PUT', { currency: 'XYZ', items: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('currency');
    // nothing was saved by the refusals
    expect(await call('GET')).toEqual({ status: 200, body: { currency: 'EUR', items: [] } });
  });

  it('needs a console session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/catalogue' });
    expect(res.statusCode).toBe(401);
  });
});
