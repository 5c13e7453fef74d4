import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import { CloseDayReportSchema, type CloseDayReport } from '../../contract/reports';
import { createTestApp, ManualClock } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { TEST_ENGINE } from '../helpers/test-database';

/** reads or breaks the SQLite file itself (its query plans, backups, file modes): nothing of it exists on PostgreSQL */
const SQLITE_ONLY = TEST_ENGINE === 'postgres';

/** Europe/Berlin moved its clocks forward at 01:00 UTC on 2026-03-29: that local day has 23 hours. */
const DST_DAY = '2026-03-29';

/**
 * The daily close on the real service: payments paid by real emulated transfers on the sandbox chain,
 * refunds sent from the merchant's wallet, expiry by the clock; days cut in the store's time zone.
 */
describe('the daily close', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 28, 12, 0));
  let server: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => server.dispose());

  /** A session per call: the story moves the clock past a session's 12 hours. */
  const consoleCall = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
    const authorization = `Bearer ${await server.services.sessions.createSession()}`;
    return server.app.inject({
      method,
      url: `/console/api${url}`,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
  };
  const report = async (date?: string): Promise<CloseDayReport> => {
    const res = await consoleCall('GET', `/reports/close-day${date ? `?date=${date}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return CloseDayReportSchema.parse(res.json());
  };
  const at = (utc: string) => {
    const target = Date.parse(utc);
    expect(target).toBeGreaterThanOrEqual(clock.now());
    clock.advance(target - clock.now());
  };
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
  const refund = async (name: string, amount: string, sent: 'exactly' | 'bounce' = 'exactly') => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${ids[name]}/refunds`,
      headers: { 'x-api-key': server.apiKey },
      payload: { amount },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { refund: done } = await server.simulator!.refund({
      refundId: (res.json() as PublicRefund).id,
      ...(sent === 'bounce' ? { case: 'bounce' } : {}),
    });
    expect(done.status).toBe(sent === 'bounce' ? 'failed' : 'sent');
  };

  it("keeps the store time zone, the machine's by default, and refuses a zone that does not exist", async () => {
    const initial = (await consoleCall('GET', '/settings/time-zone')).json() as {
      timeZone: string;
      machineTimeZone: string;
    };
    expect(initial.timeZone).toBe(initial.machineTimeZone);
    const refused = await consoleCall('PUT', '/settings/time-zone', { timeZone: 'Mars/Olympus_Mons' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'timeZone' } });
    const saved = await consoleCall('PUT', '/settings/time-zone', { timeZone: 'europe/berlin' });
    expect(saved.json()).toMatchObject({ timeZone: 'Europe/Berlin' });
  });

  it('counts every outcome on its local day, and the figures add up', async () => {
    at('2026-03-28T22:30:00Z'); // 23:30 in Berlin, still the 28th
    await sale('A', '10.00', '10.00');
    at('2026-03-28T23:30:00Z'); // 00:30 on the 29th in Berlin, the 28th in UTC
    await sale('B', '5.00', '5.00');
    at('2026-03-29T00:05:00Z');
    await sale('C', '4.00', '6.50'); // overpaid by 2.50
    await sale('D', '8.00', '3.00', 7 * 24 * 3600); // still open, partly paid
    at('2026-03-29T00:10:00Z');
    await sale('E', '7.00', null); // runs out unpaid
    await sale('F', '2.00', '0.50'); // runs out holding 0.50
    at('2026-03-29T00:45:00Z');
    expect(await server.services.payments.expireDue()).toBe(2);
    at('2026-03-29T10:00:00Z');
    await refund('A', '1.00'); // a refund of yesterday's sale is today's
    await refund('C', '2.50');
    // a minute on: the sandbox wallet's query id is the second it sends in, and a bounce is traced by it
    at('2026-03-29T10:01:00Z');
    await refund('B', '1.00', 'bounce'); // came back: no refund at all
    at('2026-03-29T21:30:00Z'); // 23:30 in Berlin, summer time now
    await sale('G', '3.00', '3.00');

    const day = await report(DST_DAY);
    expect(day).toMatchObject({
      date: DST_DAY,
      timeZone: 'Europe/Berlin',
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
      hours: 23,
      paid: { count: 2, total: '8.00' },
      overpaid: { count: 1, total: '6.50', extra: '2.50' },
      partiallyPaid: { count: 2, total: '3.50' },
      expired: { count: 2, total: '9.00' },
      refunded: { count: 2, total: '3.50' },
      takenIn: { count: 5, total: '18.00' },
      netTakings: '14.50',
    });
    // every amount here has two decimals, so the digits alone are cents
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(cents(day.takenIn.total)).toBe(
      cents(day.paid.total) + cents(day.overpaid.total) + cents(day.partiallyPaid.total),
    );
    expect(day.takenIn.count).toBe(day.paid.count + day.overpaid.count + day.partiallyPaid.count);
    expect(cents(day.netTakings)).toBe(cents(day.takenIn.total) - cents(day.refunded.total));
    expect((await report('2026-03-28')).takenIn).toEqual({ count: 1, total: '10.00' });
  });

  it("answers today in the store's zone by default, and may net below zero", async () => {
    at('2026-03-29T22:30:00Z'); // 00:30 on the 30th in Berlin
    await sale('H', '1.00', '1.00');
    await refund('A', '2.00');
    const today = await report();
    expect(today).toMatchObject({
      date: '2026-03-30',
      hours: 24,
      takenIn: { count: 1, total: '1.00' },
      refunded: { count: 1, total: '2.00' },
      netTakings: '-1.00',
    });
    expect((await report(DST_DAY)).paid).toEqual({ count: 2, total: '8.00' });
  });

  it('exports CSV a spreadsheet cannot run as formulas, and names the JSON export after the day', async () => {
    await consoleCall('PUT', '/settings/store', { name: '=HYPERLINK("http://evil")', contact: '' });
    const csv = await consoleCall('GET', '/reports/close-day.csv?date=2026-03-30');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tontill-close-day-2026-03-30.csv"');
    const store = '"\'=HYPERLINK(""http://evil"")"';
    // a row set per asset the store takes (both, in sandbox mode), the asset in a last column
    const rows = (currency: string, lines: string[]) =>
      lines.map((line) => `${store},2026-03-30,Europe/Berlin,${line},${currency}`);
    const noToncoin = ['paid,0,0.00', 'overpaid,0,0.00', 'overpaid_extra,,0.00', 'partially_paid,0,0.00'];
    expect(csv.body.split('\r\n')).toEqual([
      'store,date,timeZone,figure,count,amount,currency',
      ...rows('USDT', [
        'paid,1,1.00',
        'overpaid,0,0.00',
        'overpaid_extra,,0.00',
        'partially_paid,0,0.00',
        'taken_in,1,1.00',
        'refunded,1,2.00',
        'net_takings,,-1.00',
        'expired,0,0.00',
        'tips,0,0.00',
      ]),
      ...rows('TON', [
        ...noToncoin,
        'taken_in,0,0.00',
        'refunded,0,0.00',
        'net_takings,,0.00',
        'expired,0,0.00',
        'tips,0,0.00',
      ]),
      '',
    ]);
    const json = await consoleCall('GET', '/reports/close-day?date=2026-03-30');
    expect(json.headers['content-disposition']).toBe('inline; filename="tontill-close-day-2026-03-30.json"');
    expect(Object.keys(json.json() as object)).toEqual([
      'store',
      'date',
      'timeZone',
      'from',
      'to',
      'hours',
      'paid',
      'overpaid',
      'partiallyPaid',
      'expired',
      'refunded',
      'takenIn',
      'netTakings',
      'generatedAt',
      'through',
      'days',
      'includeTest',
      'tips',
      'assets',
    ]);
  });

  it('refuses a date that is not a day', async () => {
    for (const date of ['2026-02-30', 'yesterday', '2026-3-1']) {
      const res = await consoleCall('GET', `/reports/close-day?date=${date}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toMatchObject({ error: { field: 'date' } });
    }
    expect((await consoleCall('GET', '/reports/close-day.csv?day=2026-03-30')).statusCode).toBe(400);
  });

  it('adds what was refunded and what the payment nets to the payments CSV', async () => {
    const csv = (await consoleCall('GET', '/payments/export.csv')).body.split('\r\n');
    const header = csv[0]!.split(',');
    expect(header.slice(-7, -4)).toEqual(['refundedAmount', 'netAmount', 'currency']);
    const rowOf = (name: string) =>
      csv
        .find((line) => line.startsWith(`${ids[name]},`))!
        .split(',')
        .slice(-7, -4);
    expect(rowOf('A')).toEqual(['3.00', '7.00', 'USDT']);
    expect(rowOf('B')).toEqual(['0.00', '5.00', 'USDT']);
    expect(rowOf('E')).toEqual(['0.00', '0.00', 'USDT']);
  });

  it.skipIf(SQLITE_ONLY)(
    'reads the day along indexes: paid_at for what completed, created_at for the rest',
    async () => {
      const t = await createTestApp();
      const plan = (sql: string) =>
        t.db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all({ from: 0, to: 1, createdFrom: 0 })
          .map((r) => (r as { detail: string }).detail)
          .join(' | ');
      try {
        expect(
          plan(`SELECT overpaid_amount > 0 AS over, SUM(paid_amount) AS v, COUNT(*) AS n, SUM(overpaid_amount) AS x FROM payments
        WHERE paid_at >= @from AND paid_at < @to GROUP BY over`),
        ).toMatch(/SEARCH payments USING INDEX payments_paid_at/);
        expect(
          plan(`SELECT SUM(paid_amount) AS v, COUNT(*) AS n FROM payments
        WHERE created_at >= @from AND created_at < @to AND paid_at IS NULL AND paid_amount > 0`),
        ).toMatch(/SEARCH payments USING INDEX payments_created_at/);
        expect(
          plan(`SELECT SUM(amount) AS v, COUNT(*) AS n FROM payments
        WHERE created_at >= @createdFrom AND created_at < @to AND +status = 'expired' AND expires_at >= @from AND expires_at < @to`),
        ).toMatch(/SEARCH payments USING INDEX payments_created_at/);
      } finally {
        await t.close();
      }
    },
  );
});
