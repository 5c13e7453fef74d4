// POST /pay/:id/currency on the whole service over the sandbox chain: the customer chooses which quoted
// asset pays a fiat price (sandbox rates: 1 USDT = 0.92 EUR, 1 TON = 4.6 EUR), and the view follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutViewSchema, type CheckoutView } from '../../contract/checkout';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

describe('the checkout asset choice', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => {
    await server.dispose();
  });

  const create = async (currency = 'EUR', amount = '3.40') =>
    (await server.services.payments.create('invoice', { currency, mainCurrency: 'TON', amount })).payment;
  const choose = (paymentId: string, body: unknown) =>
    fetch(`${server.url}/pay/${paymentId}/currency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const status = async (paymentId: string) =>
    (await (await fetch(`${server.url}/pay/${paymentId}/status`)).json()) as CheckoutView;

  it('states the price and both quotes, then asks the chosen one with its links', async () => {
    const payment = await create();
    const before = await status(payment.id);
    expect(CheckoutViewSchema.safeParse(before).success).toBe(true);
    expect(before).toMatchObject({
      price: { amount: '3.40', currency: 'EUR' },
      currency: 'USDT',
      dueAmount: '3.695653',
      choices: [
        { currency: 'USDT', amount: '3.695653', assetSymbol: 'USDT', rate: '0.92', source: 'sandbox' },
        { currency: 'TON', amount: '0.739130435', assetSymbol: 'TON', rate: '4.6', source: 'sandbox' },
      ],
    });
    const res = await choose(payment.id, { currency: 'TON' });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as CheckoutView;
    expect(after).toMatchObject({ currency: 'TON', amount: '0.739130435', dueAmount: '0.739130435' });
    expect(after.assetName).toContain('Toncoin');
    expect(after.links.ton).not.toEqual(before.links.ton);
    expect(after.links.ton).toContain('amount=739130435');
    expect(await status(payment.id)).toMatchObject({ currency: 'TON', dueAmount: '0.739130435' });
    // choosing it again changes nothing; choosing back is allowed while nothing arrived
    expect((await choose(payment.id, { currency: 'TON' })).status).toBe(200);
    expect(await (await choose(payment.id, { currency: 'USDT' })).json()).toMatchObject({ currency: 'USDT' });
  });

  it('tells an open status stream of the choice', async () => {
    const payment = await create();
    const ac = new AbortController();
    const res = await fetch(`${server.url}/pay/${payment.id}/events`, { signal: ac.signal });
    const frames = statusFrames(res);
    expect((await frames.next()).currency).toBe('USDT');
    expect((await choose(payment.id, { currency: 'TON' })).status).toBe(200);
    expect(await frames.next()).toMatchObject({ currency: 'TON', dueAmount: '0.739130435' });
    ac.abort();
  });

  it('refuses an asset that is not one, naming currency', async () => {
    const payment = await create();
    const res = await choose(payment.id, { currency: 'BTC' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'currency' } });
    expect((await choose(payment.id, {})).status).toBe(400);
  });

  it('refuses a choice for an asset-priced payment with 400 naming currency', async () => {
    const payment = await create('USDT', '10.00');
    const res = await choose(payment.id, { currency: 'TON' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { field: string; message: string } };
    expect(body.error).toMatchObject({ field: 'currency' });
    expect(body.error.message).toContain('priced in USDT');
    expect((await status(payment.id)).price).toBeNull();
    expect((await status(payment.id)).choices).toEqual([]);
  });

  it('refuses the other asset with 409 once part arrived, and a paid TON choice settles it', async () => {
    const part = await create();
    await server.simulator!.pay({ paymentId: part.id, amount: '1' });
    const res = await choose(part.id, { currency: 'TON' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('arrived in USDT');

    const inTon = await create();
    expect((await choose(inTon.id, { currency: 'TON' })).status).toBe(200);
    const paid = await server.simulator!.pay({ paymentId: inTon.id });
    expect(paid.payment).toMatchObject({ status: 'paid', currency: 'TON', paidAmount: '0.739130435' });
    expect((await choose(inTon.id, { currency: 'USDT' })).status).toBe(409);
  });

  it('answers 404 for a payment that does not exist', async () => {
    expect((await choose('pay_0000000000000000000000', { currency: 'TON' })).status).toBe(404);
  });
});

/** Each `status` frame of a checkout stream, in order. */
function statusFrames(res: Response): { next(): Promise<CheckoutView> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const match = /event: status\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as CheckoutView;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}
