import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from '../webhooks/receiver';

const MONITORING_WINDOW_MS = 24 * 3600_000;

/**
 * The original reproduction of "money sent to an expired payment is invisible": real emulated
 * transfers on the sandbox chain, read back by the watcher, then every view of the payment.
 */
describe('money that arrives after a payment closed', () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
    await receiver.stop();
  });

  const get = async (url: string, headers: Record<string, string> = { 'x-api-key': server.apiKey }) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const create = async (body: object): Promise<PublicPayment> => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': server.apiKey },
      payload: { currency: 'USDT', mainCurrency: 'TON', amount: '10.00', callbackUrl: receiver.url('/cb'), ...body },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const eventsOf = async (id: string) => (await server.services.payments.timeline(id)).map((e) => e.type);
  const hooksOf = (id: string) => receiver.received.filter((r) => r.event.data.id === id).map((r) => r.event);

  /** Every view a merchant or customer has of the payment, read the way each of them reads it. */
  async function views(id: string) {
    // a session per look: the tests move the clock by days
    const consoleAuth = { authorization: `Bearer ${await server.services.sessions.createSession()}` };
    const record = await get(`/crypto/payment/${id}`);
    const listRow = (await get('/crypto/payments?limit=100')).items.find((p: PublicPayment) => p.id === id);
    const checkout = await get(`/pay/${id}/status`, {});
    const consoleRow = (await get(`/console/api/payments?q=${id}`, consoleAuth)).items[0];
    const detail = await get(`/console/api/payments/${id}`, consoleAuth);
    return { record, listRow, checkout, consoleRow, detail };
  }

  async function expectEverywhere(id: string, expected: { status: string; paidAmount: string; transfers: string[] }) {
    const v = await views(id);
    for (const [name, p] of [
      ['record', v.record],
      ['list row', v.listRow],
      ['console detail', v.detail.payment],
    ] as const) {
      expect(p, name).toMatchObject({ status: expected.status, paidAmount: expected.paidAmount });
      expect(
        p.transfers.map((t: { amount: string }) => t.amount),
        name,
      ).toEqual(expected.transfers);
    }
    expect(v.checkout).toMatchObject({ status: expected.status, paidAmount: expected.paidAmount });
    expect(v.consoleRow).toMatchObject({ status: expected.status, paidAmount: expected.paidAmount });
    expect(v.detail.events.at(-1)).toMatchObject({ status: expected.status, paidAmount: expected.paidAmount });
  }

  it('a part paid after expiry shows everywhere and is announced; the rest inside the window makes it paid late', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    server.clock.advance(61_000);
    await server.services.payments.expireDue();
    await expectEverywhere(payment.id, { status: 'expired', paidAmount: '0.00', transfers: [] });

    await server.simulator!.pay({ paymentId: payment.id, amount: '4.00' });
    await expectEverywhere(payment.id, { status: 'expired', paidAmount: '4.00', transfers: ['4.00'] });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.expired', 'payment.late_partially_paid']);
    await waitUntil(() => hooksOf(payment.id).length === 3, 'the late part as a webhook');
    expect(hooksOf(payment.id)[2]).toMatchObject({
      type: 'payment.late_partially_paid',
      data: { status: 'expired', paidAmount: '4.00' },
    });

    const rest = await server.simulator!.pay({ paymentId: payment.id, amount: '6.00' });
    expect(rest.payment).toMatchObject({ status: 'paid', late: true, paidAmount: '10.00' });
    await expectEverywhere(payment.id, { status: 'paid', paidAmount: '10.00', transfers: ['4.00', '6.00'] });
    expect((await eventsOf(payment.id)).slice(3)).toEqual(['payment.paid', 'payment.late']);
  });

  it('money after the monitoring window stays on the payment, which stays expired, and asks for a refund', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    server.clock.advance(61_000 + MONITORING_WINDOW_MS + 1_000);
    await server.services.payments.expireDue();
    await expectEverywhere(payment.id, { status: 'expired', paidAmount: '0.00', transfers: [] });

    const result = await server.simulator!.pay({ paymentId: payment.id, amount: '10.00' });
    await expectEverywhere(payment.id, { status: 'expired', paidAmount: '10.00', transfers: ['10.00'] });
    const recorded = (await Promise.all(result.txHashes.map((h) => server.services.ledger.find(h)))).filter(
      (x) => x !== null,
    );
    expect(recorded).toEqual([expect.objectContaining({ status: 'credited', paymentId: payment.id })]);
    expect((await eventsOf(payment.id)).at(-1)).toBe('payment.credited_after_close');
    await waitUntil(
      () => hooksOf(payment.id).some((e) => e.type === 'payment.credited_after_close'),
      'the refund notice as a webhook',
    );
  });

  it('money sent to a cancelled payment stays on it, which stays cancelled, and asks for a refund', async () => {
    const payment = await create({});
    await server.services.payments.cancel(payment.id);
    await expectEverywhere(payment.id, { status: 'cancelled', paidAmount: '0.00', transfers: [] });

    await server.simulator!.pay({ paymentId: payment.id, amount: '12.00' });
    await expectEverywhere(payment.id, { status: 'cancelled', paidAmount: '12.00', transfers: ['12.00'] });
    expect((await get(`/crypto/payment/${payment.id}`)).overpaidAmount).toBe('2.00');
    expect(await eventsOf(payment.id)).toEqual([
      'payment.created',
      'payment.cancelled',
      'payment.credited_after_close',
    ]);
  });
});
