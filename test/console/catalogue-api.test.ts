import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('is empty at first, saves items with decimal-string prices, and keeps them in the ledger settings', async () => {
    expect(await call('GET')).toEqual({ status: 200, body: { items: [] } });
    const items = [
      { id: 'espresso', name: 'Espresso', price: '2.50' },
      { id: 'croissant', name: ' Croissant ', price: '3.125' },
    ];
    const saved = await call('PUT', { items });
    expect(saved).toEqual({
      status: 200,
      body: { items: [items[0], { id: 'croissant', name: 'Croissant', price: '3.125' }] },
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
    expect(await call('GET')).toEqual({ status: 200, body: { items: [] } });
  });

  it('needs a console session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/api/catalogue' });
    expect(res.statusCode).toBe(401);
  });
});
