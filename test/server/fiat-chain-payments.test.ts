// A EUR price paid on the emulated chain: real USDT jetton transfers and plain Toncoin transfers,
// read back by the watcher, at the sandbox's fixed rates (3.40 EUR = 3.695653 USDT = 0.739130435 TON),
// with every webhook delivered over real HTTP to a receiver on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '../../contract/pricing-settings';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';
import { Receiver, waitUntil } from '../webhooks/receiver';

const EUR_QUOTES = [
  { currency: 'USDT', amount: '3.695653', rate: '0.92', source: 'sandbox' },
  { currency: 'TON', amount: '0.739130435', rate: '4.6', source: 'sandbox' },
];

describe('a fiat-priced payment paid on the emulated chain', () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => {
    await server.dispose();
    await receiver.stop();
  });
  beforeEach(async () => {
    await setPricing({});
  });

  const setPricing = (change: Partial<PricingSettings>) =>
    server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, ...change }, 'test');
  const create = async (body: object = {}): Promise<PublicPayment> => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/crypto/deposit/invoice',
      headers: { 'x-api-key': server.apiKey },
      payload: { currency: 'EUR', mainCurrency: 'TON', amount: '3.40', callbackUrl: receiver.url('/cb'), ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const payUsdt = (payment: PublicPayment, amount?: string) =>
    server.simulator!.pay({ paymentId: payment.id, ...(amount === undefined ? {} : { amount }) });
  /** A plain Toncoin transfer with the memo, whatever asset the payment asks now (the simulator pays that one). */
  const payToncoin = async (payment: PublicPayment, nanotons: bigint) => {
    const txs = await server.chain.sandbox!.payToncoin({ amount: nanotons, comment: payment.memo });
    await server.watcher.pollNow();
    return txs.map((tx) => tx.hash().toString('hex'));
  };
  const view = (id: string) => server.services.payments.view(id);
  const eventsOf = async (id: string) => (await server.services.payments.timeline(id)).map((e) => e.type);
  const hooksOf = (id: string) => receiver.received.filter((r) => r.event.data.id === id).map((r) => r.event);
  const hook = async (id: string, type: string) => {
    await waitUntil(() => hooksOf(id).some((e) => e.type === type), `${type} delivered`);
    return hooksOf(id).find((e) => e.type === type)!;
  };

  it('paid in USDT at its quote: paid, and the delivered payment.paid carries price, quotes and tolerance', async () => {
    const payment = await create();
    const paid = (await payUsdt(payment)).payment;
    expect(paid).toMatchObject({ status: 'paid', currency: 'USDT', amount: '3.695653', paidAmount: '3.695653' });
    const delivered = await hook(payment.id, 'payment.paid');
    expect(delivered.data).toMatchObject({
      status: 'paid',
      price: { amount: '3.40', currency: 'EUR' },
      quotes: EUR_QUOTES,
      tolerance: { percent: '0', shortfall: '0.00' },
      dueAmount: '0.00',
    });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.paid']);
  });

  it('paid in Toncoin with the memo: switches to the TON quote, then paid; over and under are in TON', async () => {
    const payment = await create();
    expect(payment.currency).toBe('USDT');
    await payToncoin(payment, 739_130_435n);
    expect(await view(payment.id)).toMatchObject({
      status: 'paid',
      currency: 'TON',
      amount: '0.739130435',
      paidAmount: '0.739130435',
      dueAmount: '0.00',
      overpaidAmount: '0.00',
    });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.asset_chosen', 'payment.paid']);
    const chosen = await hook(payment.id, 'payment.asset_chosen');
    expect(chosen.data).toMatchObject({
      status: 'pending',
      currency: 'TON',
      amount: '0.739130435',
      paidAmount: '0.00',
    });
    expect((await hook(payment.id, 'payment.paid')).data).toMatchObject({ currency: 'TON', quotes: EUR_QUOTES });
    const order = hooksOf(payment.id).map((e) => e.type);
    expect(order.indexOf('payment.asset_chosen')).toBeLessThan(order.indexOf('payment.paid'));

    const over = await create();
    await payToncoin(over, 800_000_000n);
    expect(await view(over.id)).toMatchObject({ status: 'paid', currency: 'TON', overpaidAmount: '0.060869565' });
  });

  it('short inside the tolerance is paid with the shortfall shown; outside, partially paid with what is due', async () => {
    await setPricing({ shortTolerancePercent: '1' });
    // 1 % of 3.695653 USDT forgives 0.036956 (rounded in the store's disfavour): 3.658697 settles
    const inside = await create();
    const settled = (await payUsdt(inside, '3.658697')).payment;
    expect(settled).toMatchObject({
      status: 'paid',
      dueAmount: '0.00',
      tolerance: { percent: '1', shortfall: '0.036956' },
    });
    expect((await hook(inside.id, 'payment.paid')).data).toMatchObject({
      tolerance: { percent: '1', shortfall: '0.036956' },
    });

    const outside = await create();
    const short = (await payUsdt(outside, '3.658696')).payment;
    expect(short).toMatchObject({
      status: 'partially_paid',
      dueAmount: '0.036957',
      tolerance: { percent: '1', shortfall: '0.00' },
    });
    expect((await hook(outside.id, 'payment.partially_paid')).data).toMatchObject({ dueAmount: '0.036957' });
  });

  it('locks the tolerance at creation: a later change of the setting does not move it', async () => {
    await setPricing({ shortTolerancePercent: '1' });
    const payment = await create();
    await setPricing({ shortTolerancePercent: '0' });
    expect((await payUsdt(payment, '3.658697')).payment).toMatchObject({
      status: 'paid',
      tolerance: { percent: '1', shortfall: '0.036956' },
    });
  });

  it('applies the tolerance to an asset-priced USDT payment by the same rule', async () => {
    await setPricing({ shortTolerancePercent: '1' });
    const inside = await create({ currency: 'USDT', amount: '10.00' });
    expect(inside).toMatchObject({ price: { amount: '10.00', currency: 'USDT' }, quotes: [] });
    expect((await payUsdt(inside, '9.90')).payment).toMatchObject({
      status: 'paid',
      tolerance: { percent: '1', shortfall: '0.10' },
    });
    const outside = await create({ currency: 'USDT', amount: '10.00' });
    expect((await payUsdt(outside, '9.899999')).payment).toMatchObject({
      status: 'partially_paid',
      dueAmount: '0.100001',
    });
  });

  it('a late payment inside the monitoring window is credited at the locked quote and flagged late', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    // the rate moves after the quote was locked: the store's own table now says 1 USDT = 0.80 EUR
    await setPricing({
      rateMode: 'manual',
      manualRates: [
        { currency: 'EUR', asset: 'USDT', rate: '0.80' },
        { currency: 'EUR', asset: 'TON', rate: '4' },
      ],
    });
    expect((await create()).amount).toBe('4.25');
    server.clock.advance(61_000);
    await server.services.payments.expireDue();
    const late = (await payUsdt(payment)).payment;
    expect(late).toMatchObject({ status: 'paid', late: true, amount: '3.695653', paidAmount: '3.695653' });
    expect(late.quotes).toMatchObject(EUR_QUOTES);
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.expired', 'payment.paid', 'payment.late']);
    expect((await hook(payment.id, 'payment.late')).data).toMatchObject({ late: true, price: { currency: 'EUR' } });
  });

  it('Toncoin after a first USDT credit is not credited to it: unmatched, the payment untouched', async () => {
    const payment = await create();
    await payUsdt(payment, '1.00');
    const txHashes = await payToncoin(payment, 739_130_435n);
    expect(await view(payment.id)).toMatchObject({
      status: 'partially_paid',
      currency: 'USDT',
      paidAmount: '1.00',
      dueAmount: '2.695653',
    });
    const recorded = await Promise.all(txHashes.map((h) => server.services.ledger.find(h)));
    expect(recorded.filter((t) => t !== null)).toEqual([
      expect.objectContaining({ status: 'unmatched', asset: 'TON', paymentId: null }),
    ]);
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.partially_paid']);
  });
});
