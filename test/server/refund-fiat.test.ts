// A refund of a fiat-priced payment stated as a fiat amount, on the real service with payments paid
// on the emulated chain: at the rate then (the payment's locked quote, 1 USDT = 0.92 EUR in the
// sandbox) or at today's (the store's manual table), rounded up to the micro-USDT, capped by what
// can be refunded, and kept on the refund (read back from the database).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '../../contract/pricing-settings';
import { RefundSchema } from '../../contract/refunds';
import { createPriced, startTestServer, type TestServer } from '../helpers/test-server';

describe('a refund stated in the price currency', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.dispose());
  beforeEach(async () => setPricing({}));

  const setPricing = (change: Partial<PricingSettings>) =>
    server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, ...change }, 'test');
  const paid = async (currency: string, amount: string): Promise<PublicPayment> => {
    const payment = await createPriced(server, currency, amount);
    await server.simulator!.pay({ paymentId: payment.id });
    return payment;
  };
  const refund = async (paymentId: string, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: `/console/api/payments/${paymentId}/refunds`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}` },
      payload,
    });

  it('at the rate then: 1.00 EUR at 0.92 is 1.086957 USDT (rounded up), and the refund states it', async () => {
    const payment = await paid('EUR', '3.40');
    const res = await refund(payment.id, { fiat: { amount: '1', basis: 'original' } });
    expect(res.statusCode, res.body).toBe(200);
    const created = RefundSchema.parse(res.json());
    expect(created).toMatchObject({
      asset: 'USDT',
      amount: '1.086957',
      amountBaseUnits: '1086957',
      fiat: { amount: '1.00', currency: 'EUR', rate: '0.92', basis: 'original', source: 'sandbox' },
    });
    expect(created.fiat!.fixedAt).toBe(payment.quotes[0]!.fixedAt);
    // kept: the list reads it back from the database
    expect((await server.services.refunds.list(payment.id))[0]!.fiat).toEqual(created.fiat);
  });

  it('the whole price at the rate then comes to exactly what was paid, not a unit less', async () => {
    const payment = await paid('EUR', '3.40');
    const res = await refund(payment.id, { fiat: { amount: '3.40' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: '3.695653', fiat: { basis: 'original' } });
  });

  it("at today's rate: the store's manual 0.95 makes 1.00 EUR 1.052632 USDT", async () => {
    const payment = await paid('EUR', '3.40');
    await setPricing({ rateMode: 'manual', manualRates: [{ currency: 'EUR', asset: 'USDT', rate: '0.95' }] });
    const res = await refund(payment.id, { fiat: { amount: '1.00', basis: 'current' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '1.052632',
      fiat: { amount: '1.00', currency: 'EUR', rate: '0.95', basis: 'current', source: 'manual' },
    });
  });

  it("answers 503 RATE_UNAVAILABLE at today's rate when no source gives one, and refunds nothing", async () => {
    const payment = await paid('EUR', '3.40');
    await setPricing({ rateMode: 'manual', manualRates: [{ currency: 'GBP', asset: 'USDT', rate: '0.8' }] });
    const res = await refund(payment.id, { fiat: { amount: '1.00', basis: 'current' } });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'RATE_UNAVAILABLE' } });
    expect(await server.services.refunds.list(payment.id)).toEqual([]);
  });

  it('refuses more than can be refunded, a fiat amount on an asset-priced payment, and both at once', async () => {
    const payment = await paid('EUR', '3.40');
    const over = await refund(payment.id, { fiat: { amount: '3.41' } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: { field: 'fiat.amount' } });
    expect(over.json().error.message).toContain('comes to 3.706522 USDT');
    const tooPrecise = await refund(payment.id, { fiat: { amount: '1.005' } });
    expect(tooPrecise.json()).toMatchObject({ error: { field: 'fiat.amount' } });
    const both = await refund(payment.id, { amount: '1.00', fiat: { amount: '1.00' } });
    expect(both.json()).toMatchObject({ error: { field: 'fiat' } });
    const inUsdt = await paid('USDT', '2.00');
    const res = await refund(inUsdt.id, { fiat: { amount: '1.00' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { field: 'fiat' } });
    // an asset refund is as it was: no fiat stated
    expect((await refund(inUsdt.id, { amount: '1.00' })).json()).toMatchObject({ amount: '1.00', fiat: null });
  });
});
