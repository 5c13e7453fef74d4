import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentRowPage, Stats } from '../../contract/console';
import { ManualClock } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Test payments (the widget preview's) are shown apart: the payments list, its CSV and the dashboard's
 * counts leave them out unless asked for, and the console's views say which payment is one.
 */
describe('test payments shown apart', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12, 0));
  let server: TestServer;
  let sale = '';
  let preview = '';

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => server.dispose());

  const consoleCall = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}`, origin: server.url },
      ...(payload ? { payload } : {}),
    });

  it('stages one real sale and one preview payment, both paid', async () => {
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '10.00',
    });
    sale = payment.id;
    await server.simulator!.pay({ paymentId: sale });
    const session = await consoleCall('POST', '/widget-preview/session', { amount: '3.00' });
    expect(session.statusCode, session.body).toBe(200);
    preview = (session.json() as { paymentId: string }).paymentId;
    await server.simulator!.pay({ paymentId: preview });
  });

  it('lists only real payments by default, and test ones marked when asked', async () => {
    const real = (await consoleCall('GET', '/payments')).json() as PaymentRowPage;
    expect(real.items.map((p) => [p.id, p.test])).toEqual([[sale, false]]);
    const all = (await consoleCall('GET', '/payments?includeTest=true')).json() as PaymentRowPage;
    expect(all.items.map((p) => [p.id, p.test])).toEqual([
      [preview, true],
      [sale, false],
    ]);
  });

  it('exports the same rows as the list', async () => {
    const csv = (await consoleCall('GET', '/payments/export.csv')).body;
    expect(csv).toContain(sale);
    expect(csv).not.toContain(preview);
    const csvWithTests = (await consoleCall('GET', '/payments/export.csv?includeTest=true')).body;
    expect(csvWithTests).toContain(preview);
  });

  it('says which rows are test payments in a CSV that includes them', async () => {
    const lines = (await consoleCall('GET', '/payments/export.csv?includeTest=true')).body.split('\r\n');
    // the test column follows the columns it always had (only the asset's and the price's come after it)
    const header = lines[0]!.split(',');
    expect(header.slice(-6)).toEqual(['test', 'currency', 'price', 'priceCurrency', 'rate', 'shortfall']);
    const testCell = (id: string) =>
      lines.find((line) => line.startsWith(`${id},`))!.split(',')[header.indexOf('test')];
    expect(testCell(preview)).toBe('true');
    expect(testCell(sale)).toBe('false');
    // without test payments every row is real: the columns stay as they were
    expect((await consoleCall('GET', '/payments/export.csv')).body.split('\r\n')[0]!.split(',')).not.toContain('test');
  });

  it("says on a payment's page whether it is a test payment", async () => {
    const detail = (await consoleCall('GET', `/payments/${preview}`)).json() as PaymentDetail;
    expect(detail.test).toBe(true);
    expect(detail.payment).not.toHaveProperty('test');
    expect(((await consoleCall('GET', `/payments/${sale}`)).json() as PaymentDetail).test).toBe(false);
  });

  it("leaves them out of the dashboard's counts and chart unless asked", async () => {
    const stats = (await consoleCall('GET', '/stats')).json() as Stats;
    expect(stats.counts.paid).toBe(1);
    expect(stats.today).toEqual({ volume: '10.00', count: 1 });
    expect(stats.series.at(-1)).toMatchObject({ volume: '10.00', count: 1 });
    const withTests = (await consoleCall('GET', '/stats?includeTest=true')).json() as Stats;
    expect(withTests.counts.paid).toBe(2);
    expect(withTests.series.at(-1)).toMatchObject({ volume: '13.00', count: 2 });
  });
});
