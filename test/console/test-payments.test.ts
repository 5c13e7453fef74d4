import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '../../contract/console';
import type { CloseDayReport } from '../../contract/reports';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Payments the console's widget preview and the demo shop make are test payments: the dashboard, the
 * close and its CSV leave them out unless asked to include them.
 */
describe('test payments', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12, 0));
  let server: TestServer;
  let sale = '';

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
  const newest = async () => (await server.services.payments.search({ limit: 1 }))[0]!;

  it('stages a day: one real sale, one preview payment and one demo shop order, all paid', async () => {
    expect((await consoleCall('PUT', '/settings/time-zone', { timeZone: 'UTC' })).statusCode).toBe(200);
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '10.00',
    });
    sale = payment.id;
    await server.simulator!.pay({ paymentId: sale });
    const preview = await consoleCall('POST', '/widget-preview/session', { amount: '3.00' });
    expect(preview.statusCode, preview.body).toBe(200);
    await server.simulator!.pay({ paymentId: (preview.json() as { paymentId: string }).paymentId });
    const host = new URL(server.url).host;
    const demo = await server.app.inject({ method: 'GET', url: '/demo/merchant?amount=4.00', headers: { host } });
    expect(demo.statusCode, demo.body).toBe(200);
    await server.simulator!.pay({ paymentId: (await newest()).id });
  });

  it('leaves them out of the close and the dashboard, and counts them when asked', async () => {
    const close = (await consoleCall('GET', '/reports/close-day?date=2026-06-10')).json() as CloseDayReport;
    expect(close.takenIn).toEqual({ count: 1, total: '10.00' });
    const withTests = (
      await consoleCall('GET', '/reports/close-day?date=2026-06-10&includeTest=true')
    ).json() as CloseDayReport;
    expect(withTests.takenIn).toEqual({ count: 3, total: '17.00' });
    expect(withTests.includeTest).toBe(true);
    const stats = (await consoleCall('GET', '/stats')).json() as Stats;
    expect(stats.takings.today.takenIn).toEqual({ count: 1, total: '10.00' });
    const csv = await consoleCall('GET', '/reports/close-day.csv?date=2026-06-10');
    expect(csv.body).toContain(',2026-06-10,UTC,taken_in,1,10.00');
    const csvWithTests = await consoleCall('GET', '/reports/close-day.csv?date=2026-06-10&includeTest=true');
    expect(csvWithTests.body).toContain(',2026-06-10,UTC,taken_in,3,17.00');
  });

  it("keeps the merchant API's payment as it was", async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/crypto/payment/${sale}`,
      headers: { 'x-api-key': server.apiKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('test');
  });
});
