// The daily close of fiat-priced payments paid on the emulated chain at the sandbox's fixed rates
// (1 USDT = 0.92 EUR, 1 TON = 4.6 EUR): the prices' totals per price currency, exact, and the payments
// the store's tolerance let settle short, with the shortfalls' sum per asset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { CloseDayReportSchema } from '../../contract/reports';
import { createPriced, startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

describe('the close of fiat-priced payments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
    await server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, shortTolerancePercent: '1' }, 'test');
  });
  afterAll(async () => server.dispose());

  const consoleGet = async (url: string) =>
    server.app.inject({
      method: 'GET',
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}` },
    });
  const create = (currency: string, amount: string) => createPriced(server, currency, amount);
  const payUsdt = (payment: PublicPayment, amount: string) => server.simulator!.pay({ paymentId: payment.id, amount });

  it('totals the prices per price currency and the tolerated shortfalls per asset, in JSON and CSV', async () => {
    await payUsdt(await create('EUR', '3.40'), '3.695653');
    // 1 % of 3.695653 USDT forgives 0.036956: 3.658697 settles, 0.036956 short
    const short = await payUsdt(await create('EUR', '3.40'), '3.658697');
    expect(short.payment).toMatchObject({ status: 'paid', tolerance: { shortfall: '0.036956' } });
    // 1.25 EUR / 4.6 = 0.271739130… TON, rounded up to the nanoton, paid as plain Toncoin
    const inToncoin = await create('EUR', '1.25');
    await server.chain.sandbox!.payToncoin({ amount: 271_739_131n, comment: inToncoin.memo });
    await server.watcher.pollNow();
    expect(await server.services.payments.view(inToncoin.id)).toMatchObject({ status: 'paid', currency: 'TON' });
    await payUsdt(await create('JPY', '500'), '3.333334');
    await payUsdt(await create('USDT', '2.00'), '2.00');

    const res = await consoleGet('/reports/close-day');
    expect(res.statusCode, res.body).toBe(200);
    const report = CloseDayReportSchema.parse(res.json());
    expect(report.prices).toEqual([
      { currency: 'EUR', count: 3, total: '8.05' },
      { currency: 'JPY', count: 1, total: '500' },
    ]);
    const usdt = report.assets.find((a) => a.currency === 'USDT')!;
    const ton = report.assets.find((a) => a.currency === 'TON')!;
    expect(usdt.paid).toEqual({ count: 4, total: '12.687684' });
    expect(usdt.settledShort).toEqual({ count: 1, total: '0.036956' });
    expect(usdt.prices).toEqual([
      { currency: 'EUR', count: 2, total: '6.80' },
      { currency: 'JPY', count: 1, total: '500' },
    ]);
    expect(ton.settledShort).toEqual({ count: 0, total: '0.00' });
    expect(ton.prices).toEqual([{ currency: 'EUR', count: 1, total: '1.25' }]);

    const csv = (await consoleGet('/reports/close-day.csv')).body.split('\r\n');
    const tail = (figure: string) =>
      csv.filter((line) => line.split(',')[3] === figure).map((line) => line.split(',').slice(3).join(','));
    expect(tail('settled_short')).toEqual(['settled_short,1,0.036956,USDT']);
    expect(tail('price_total')).toEqual(['price_total,3,8.05,EUR', 'price_total,1,500,JPY']);
    // the figures' rows come first and keep their columns: the new rows only follow them
    expect(csv[0]).toBe('store,date,timeZone,figure,count,amount,currency');
    expect(csv.at(-3)).toContain('price_total,3,8.05,EUR');
  });
});
