import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, untilWatching, type TestServer } from '../helpers/test-server';

/**
 * The sandbox simulator on a Toncoin payment: it pays in the payment's asset (a plain transfer to the
 * store wallet), and plays the merchant's wallet sending a Toncoin refund, its bounce included. All
 * real emulated transactions, read back by the watcher.
 */
describe('the simulator pays and refunds in Toncoin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await untilWatching(server);
  });
  afterAll(async () => {
    await server.dispose();
  });
  const simulator = () => server.simulator!;
  const toncoinPayment = async (amount: string) =>
    (await server.services.payments.create('invoice', { currency: 'TON', mainCurrency: 'TON', amount })).payment;

  it('pays a part, then the rest, with plain transfers to the store wallet', async () => {
    const payment = await toncoinPayment('2.5');
    const part = await simulator().pay({ paymentId: payment.id, amount: '1' });
    expect(part.payment).toMatchObject({ status: 'partially_paid', paidAmount: '1.00', dueAmount: '1.50' });
    const rest = await simulator().pay({ paymentId: payment.id });
    expect(rest.payment).toMatchObject({ status: 'paid', paidAmount: '2.50', currency: 'TON' });
    expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(2);
  });

  it('leaves a payment one nanoton short partially paid; that nanoton alone is dust and credits nothing', async () => {
    const payment = await toncoinPayment('2.5');
    const short = await simulator().pay({ paymentId: payment.id, case: 'short' });
    expect(short.payment).toMatchObject({ status: 'partially_paid', dueAmount: '0.000000001' });
    const dust = await simulator().pay({ paymentId: payment.id });
    expect(dust.payment).toMatchObject({ status: 'partially_paid', paidAmount: '2.499999999' });
    expect(await server.services.ledger.creditedTo(payment.id)).toHaveLength(1);
  });

  it('reads an amount typed for a Toncoin payment with 9 decimals', async () => {
    const payment = await toncoinPayment('1');
    const result = await simulator().pay({ paymentId: payment.id, amount: '0.123456789' });
    expect(result.payment).toMatchObject({ status: 'partially_paid', paidAmount: '0.123456789' });
  });

  it('sends a bounced message with the memo and credits nothing; refuses the jetton-only cases', async () => {
    const payment = await toncoinPayment('1');
    const bounced = await simulator().pay({ paymentId: payment.id, case: 'bounced' });
    expect(bounced.payment).toMatchObject({ status: 'pending', paidAmount: '0.00' });
    await expect(simulator().pay({ paymentId: payment.id, case: 'fake-jetton' })).rejects.toThrow(/plain transfer/);
  });

  it('sends a Toncoin refund from the store wallet, and a bounced one fails', async () => {
    const payment = await toncoinPayment('3');
    await simulator().pay({ paymentId: payment.id });
    const refund = await server.services.refunds.create(payment.id, { amount: '1' }, 'owner');
    const sent = await simulator().refund({ refundId: refund.id, case: 'exact' });
    expect(sent.refund).toMatchObject({ status: 'sent', asset: 'TON', amount: '1.00' });

    const another = await server.services.refunds.create(payment.id, { amount: '0.5' }, 'owner');
    const bounced = await simulator().refund({ refundId: another.id, case: 'bounce' });
    expect(bounced.refund).toMatchObject({ status: 'failed', asset: 'TON' });
    expect((await server.services.payments.view(payment.id)).refundedAmount).toBe('1.00');
  });
});
