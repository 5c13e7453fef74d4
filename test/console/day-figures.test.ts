import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '../../contract/console';
import type { PublicRefund } from '../../contract/refunds';
import { CloseDayReportSchema, type CloseDayReport } from '../../contract/reports';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * One definition of what a day took: the dashboard's stats and the daily close read the same function,
 * in the store's time zone (Tokyo here, nine hours from the console's UTC), over a day or a range.
 */
describe("a day's figures, on the dashboard and in the close", () => {
  // Wednesday 2026-06-10, 10:00 in Tokyo; the week began on Monday the 8th
  const clock = new ManualClock(Date.UTC(2026, 5, 8, 3, 0));
  let server: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => server.dispose());

  const consoleCall = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}`, origin: server.url },
      ...(payload ? { payload } : {}),
    });
  const report = async (query: string): Promise<CloseDayReport> => {
    const res = await consoleCall('GET', `/reports/close-day?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return CloseDayReportSchema.parse(res.json());
  };
  const at = (utc: string) => clock.advance(Date.parse(utc) - clock.now());
  const sale = async (name: string, amount: string, paid: string | null, expiresInSeconds?: number) => {
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(expiresInSeconds ? { expiresInSeconds } : {}),
    });
    ids[name] = payment.id;
    if (paid) await server.simulator!.pay({ paymentId: payment.id, amount: paid });
  };
  /** A sale at the till with a tip: the invoice asks for the total, the tip is recorded with it. */
  const tippedSale = async (name: string, total: string, tip: string) => {
    const res = await consoleCall('POST', '/payments', { amount: total, tip });
    expect(res.statusCode, res.body).toBe(200);
    ids[name] = (res.json() as { id: string }).id;
    await server.simulator!.pay({ paymentId: ids[name] });
  };
  const refund = async (name: string, amount: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${ids[name]}/refunds`,
      headers: { 'x-api-key': server.apiKey },
      payload: { amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    await server.simulator!.refund({ refundId: (res.json() as PublicRefund).id });
  };

  it('stages a week: Monday one sale; Wednesday exact, overpaid, partial, refunded, late and test payments', async () => {
    expect((await consoleCall('PUT', '/settings/time-zone', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    await sale('monday', '2.00', '2.00');
    at('2026-06-10T01:00:00Z');
    await tippedSale('exact', '10.00', '1.50');
    await sale('over', '4.00', '6.50');
    await sale('partial', '8.00', '3.00', 7 * 24 * 3600);
    await sale('late', '5.00', null, 60);
    at('2026-06-10T01:05:00Z');
    expect(await server.services.payments.expireDue()).toBe(1);
    await server.simulator!.pay({ paymentId: ids.late! });
    expect((await server.services.payments.get(ids.late!)).late).toBe(true);
    await refund('exact', '1.00');
    // the console's widget preview: a test payment, left out of both
    const preview = await consoleCall('POST', '/widget-preview/session', { amount: '3.00' });
    expect(preview.statusCode, preview.body).toBe(200);
    ids.preview = (preview.json() as { paymentId: string }).paymentId;
    await server.simulator!.pay({ paymentId: ids.preview });
    // and its refund, left out with it
    await refund('preview', '0.50');
    const withTests = await report('date=2026-06-10&includeTest=true');
    expect(withTests.takenIn).toEqual({ count: 5, total: '27.50' });
    expect(withTests.refunded).toEqual({ count: 2, total: '1.50' });
  });

  it('leaves the refunds of test payments out with the test payments', async () => {
    expect((await report('date=2026-06-10')).refunded).toEqual({ count: 1, total: '1.00' });
  });

  it('says how much of what was taken in were tips, in the close, its CSV and on the dashboard', async () => {
    const close = await report('date=2026-06-10');
    expect(close.tips).toEqual({ count: 1, total: '1.50' });
    const stats = (await consoleCall('GET', '/stats?tzOffset=0')).json() as Stats;
    expect(stats.takings.today.tips).toEqual(close.tips);
    const csv = await consoleCall('GET', '/reports/close-day.csv?date=2026-06-10');
    expect(csv.body.split('\r\n')).toContain(',2026-06-10,Asia/Tokyo,tips,1,1.50,USDT');
    const detail = (await consoleCall('GET', `/payments/${ids.exact}`)).json() as { tipAmount?: string };
    expect(detail.tipAmount).toBe('1.50');
  });

  it('gives the dashboard the close of the day: taken in, beyond the amount, refunded, net, counts', async () => {
    const close = await report('date=2026-06-10');
    expect(close).toMatchObject({
      paid: { count: 2, total: '15.00' },
      overpaid: { count: 1, total: '6.50', extra: '2.50' },
      partiallyPaid: { count: 1, total: '3.00' },
      takenIn: { count: 4, total: '24.50' },
      refunded: { count: 1, total: '1.00' },
      netTakings: '23.50',
    });
    const stats = (await consoleCall('GET', '/stats?tzOffset=0')).json() as Stats;
    expect(stats.takings.today).toEqual({
      date: '2026-06-10',
      through: '2026-06-10',
      timeZone: 'Asia/Tokyo',
      takenIn: close.takenIn,
      beyondAmount: close.overpaid.extra,
      refunded: close.refunded,
      netTakings: close.netTakings,
      tips: close.tips,
      includeTest: false,
      // the same again per asset: USDT's as above, and Toncoin's (the sandbox takes both) at nothing
      assets: [
        expect.objectContaining({ currency: 'USDT', takenIn: close.takenIn, netTakings: close.netTakings }),
        expect.objectContaining({ currency: 'TON', takenIn: { count: 0, total: '0.00' }, netTakings: '0.00' }),
      ],
      // a store pricing in USDT: no price line, its takings are the asset's
      storeCurrency: 'USDT',
      prices: [],
    });
    expect(stats.takings.week).toMatchObject({
      date: '2026-06-08',
      through: '2026-06-10',
      takenIn: { count: 5, total: '26.50' },
      netTakings: '25.50',
    });
  });

  it('reports a week, a month or any dates with the same figures, and their CSV names the range and the zone', async () => {
    const week = await report('date=2026-06-08&through=2026-06-14');
    expect(week).toMatchObject({ date: '2026-06-08', through: '2026-06-14', days: 7, hours: 168 });
    expect(week).toMatchObject({ takenIn: { count: 5, total: '26.50' }, netTakings: '25.50' });
    expect((await report('date=2026-06-01&through=2026-06-30')).takenIn).toEqual(week.takenIn);
    expect((await report('date=2026-06-09&through=2026-06-09')).takenIn).toEqual({ count: 0, total: '0.00' });
    const csv = await consoleCall('GET', '/reports/close-day.csv?date=2026-06-08&through=2026-06-14');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="tontill-close-day-2026-06-08-to-2026-06-14.csv"',
    );
    expect(csv.body.split('\r\n')).toContain(',2026-06-08/2026-06-14,Asia/Tokyo,net_takings,,25.50,USDT');
  });

  it('refuses a range that ends before it starts or runs past a year, naming the field', async () => {
    for (const query of ['date=2026-06-10&through=2026-06-09', 'date=2025-01-01&through=2026-06-10']) {
      const res = await consoleCall('GET', `/reports/close-day?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'through' } });
    }
  });
});
