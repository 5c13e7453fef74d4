// The console's payments search box: any part of an order reference, a description, a customer's email,
// a memo or a payment id, in any case, and an amount typed either way ("12,50" or "12.50") finds the
// payments of exactly that amount. Runs on both engines (vitest's sqlite and postgres projects).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: Record<string, string>;

const idsFound = async (q: string): Promise<string[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/console/api/payments', query: { q }, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string }[] }).items.map((p) => p.id);
};

const invoice = async (amount: string, extra: { externalId?: string; description?: string; email?: string }) =>
  (
    await t.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(extra.externalId ? { externalId: extra.externalId } : {}),
      ...(extra.description ? { description: extra.description } : {}),
      ...(extra.email ? { customer: { email: extra.email } } : {}),
    })
  ).payment;

describe('the console payments search', () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('finds a word of the description, an email, the middle of a reference, memo or id, in any case', async () => {
    const mug = await invoice('12.50', {
      externalId: 'SHOP-Order-4711',
      description: 'Blue ceramic Mug',
      email: 'Ann@Example.org',
    });
    const tea = await invoice('3.00', { externalId: 'shop-order-4712', description: 'Green tea' });
    expect(await idsFound('mug')).toEqual([mug.id]);
    expect(await idsFound('CERAMIC')).toEqual([mug.id]);
    expect(await idsFound('ann@example')).toEqual([mug.id]);
    expect(await idsFound('order-471')).toEqual([tea.id, mug.id]);
    expect(await idsFound('ORDER-4712')).toEqual([tea.id]);
    expect(await idsFound(mug.memo.slice(3).toLowerCase())).toEqual([mug.id]);
    expect(await idsFound(tea.id.slice(6, 16).toUpperCase())).toEqual([tea.id]);
    expect(await idsFound('nothing-like-this')).toEqual([]);
    // LIKE's and FTS5's own characters are taken literally
    expect(await idsFound('%')).toEqual([]);
    expect(await idsFound('o_der-471')).toEqual([]);
    expect(await idsFound('"mug')).toEqual([]);
  });

  it('finds payments of exactly the amount typed with a comma or a point, never a near amount', async () => {
    const exact = await invoice('12.50', {});
    await invoice('12.05', {});
    await invoice('125.00', {});
    expect(await idsFound('12,50')).toEqual([exact.id]);
    expect(await idsFound('12.5')).toEqual([exact.id]);
    expect(await idsFound('12.500000')).toEqual([exact.id]);
  });
});
