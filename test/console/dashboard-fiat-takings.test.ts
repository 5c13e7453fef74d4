// The dashboard's takings of a store pricing in euros, paid on the emulated chain at the sandbox's fixed
// rates (1 USDT = 0.92 EUR, 1 TON = 4.6 EUR): the EUR prices of the completed payments lead, exact, and
// the asset figures stay what came in per asset; a store pricing in an asset has no price line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '../../contract/console';
import type { PublicPayment } from '../../contract/payments';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { createPriced, startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

describe("the dashboard's takings in the store's currency", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => server.dispose());

  const storeCurrency = (currency: string) =>
    server.services.pricing.save(
      { ...DEFAULT_PRICING_SETTINGS, storeCurrency: currency, shortTolerancePercent: '1' },
      'test',
    );
  const takings = async (): Promise<Stats['takings']> => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/console/api/stats?tzOffset=0',
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Stats).takings;
  };
  const create = (currency: string, amount: string) => createPriced(server, currency, amount);
  const pay = (payment: PublicPayment, amount: string) => server.simulator!.pay({ paymentId: payment.id, amount });

  it("says EUR at 0 in a EUR store before a sale, and nothing of a price in a USDT store's", async () => {
    await storeCurrency('USDT');
    expect((await takings()).today).toMatchObject({ storeCurrency: 'USDT', prices: [] });
    await storeCurrency('EUR');
    expect((await takings()).today).toMatchObject({
      storeCurrency: 'EUR',
      prices: [{ currency: 'EUR', count: 0, total: '0.00' }],
    });
  });

  it('sums the prices of the paid EUR sales, a short one inside the tolerance at its full price', async () => {
    await pay(await create('EUR', '3.40'), '3.695653');
    // 1 % of 3.695653 USDT forgives 0.036956: paid short at 3.658697, its price counts whole
    expect((await pay(await create('EUR', '3.40'), '3.658697')).payment.status).toBe('paid');
    // part paid: not completed, so no price counted, though its USDT is taken in
    await pay(await create('EUR', '10.00'), '1.00');
    await pay(await create('JPY', '500'), '3.333334');
    await pay(await create('USDT', '2.00'), '2.00');
    const { today, week } = await takings();
    expect(today.prices).toEqual([
      { currency: 'EUR', count: 2, total: '6.80' },
      { currency: 'JPY', count: 1, total: '500' },
    ]);
    expect(today.assets.find((a) => a.currency === 'USDT')!.takenIn).toEqual({ count: 5, total: '13.687684' });
    expect(week.prices[0]).toEqual({ currency: 'EUR', count: 2, total: '6.80' });
  });

  it("leaves the other currencies in code order when the store's own has none", async () => {
    await storeCurrency('GBP');
    expect((await takings()).today.prices).toEqual([
      { currency: 'GBP', count: 0, total: '0.00' },
      { currency: 'EUR', count: 2, total: '6.80' },
      { currency: 'JPY', count: 1, total: '500' },
    ]);
  });
});
