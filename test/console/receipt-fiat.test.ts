// The receipt of a fiat-priced payment paid short inside the store's tolerance on the emulated chain:
// the price, what was asked and received in the asset, the rate with its source and time, the
// shortfall forgiven, and a refund stated in euros with the rate it was converted at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('the receipt of a fiat-priced payment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, shortTolerancePercent: '1' }, 'test');
  });
  afterAll(async () => server.dispose());

  it('states the price, what was paid, the rate and the forgiven shortfall, and a refund in euros', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': server.apiKey },
      payload: { currency: 'EUR', mainCurrency: 'TON', amount: '3.40' },
    });
    const payment: PublicPayment = created.json();
    await server.simulator!.pay({ paymentId: payment.id, amount: '3.658697' });
    const refund = await server.app.inject({
      method: 'POST',
      url: `/console/api/payments/${payment.id}/refunds`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}` },
      payload: { fiat: { amount: '1.00', basis: 'original' } },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const res = await server.app.inject({ url: `/pay/${payment.id}/receipt` });
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Price 3.40 EUR');
    expect(text).toMatch(/Rate 1 USDT = 0\.92 EUR, sandbox, fixed \d\d:\d\d/);
    expect(text).toContain('Amount 3.695653 USDT');
    expect(text).toContain(
      'Received 3.658697 USDT Short 0.036956 USDT less than asked, accepted within the 1 % tolerance of the store',
    );
    expect(text).toContain(
      'Refund of 1.086957 USDT (1.00 EUR at 1 USDT = 0.92 EUR, the rate then) pending: the store has not sent it yet.',
    );
  });

  it('leaves an asset-priced receipt as it was', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': server.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '2.00' },
    });
    const payment: PublicPayment = created.json();
    await server.simulator!.pay({ paymentId: payment.id });
    const html = (await server.app.inject({ url: `/pay/${payment.id}/receipt` })).body;
    expect(html).not.toContain('<dt>Price</dt>');
    expect(html).not.toContain('<dt>Rate</dt>');
  });
});
