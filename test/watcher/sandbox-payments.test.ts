import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulateRequest } from '../../contract/chain';
import type { DepositRequest } from '../../contract/payments';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Every case sends real emulated transactions on the sandbox chain; the watcher reads them back
 * through the same ChainSource as in production and the ledger decides. Nothing is injected.
 */
describe('payments detected on the sandbox chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  const create = async (overrides: Partial<DepositRequest> = {}) =>
    (
      await server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '10.00',
        ...overrides,
      })
    ).payment;
  const pay = (paymentId: string, request: Omit<SimulateRequest, 'paymentId'> = {}) =>
    server.simulator!.pay({ paymentId, ...request });
  const credits = (paymentId: string) => server.services.ledger.creditedTo(paymentId);
  const eventsOf = async (paymentId: string) => (await server.services.payments.timeline(paymentId)).map((e) => e.type);

  it('credits an exact payment with the payer and comment read from the chain', async () => {
    const payment = await create();
    const result = await pay(payment.id);
    expect(result.payment).toMatchObject({ status: 'paid', paidAmount: '10.00', dueAmount: '0.00', late: false });
    const [credit] = await credits(payment.id);
    expect(credit).toMatchObject({ amount: 10_000_000n, comment: payment.memo });
    expect(credit?.from).toBe(server.chain.sandbox!.payerAddress.toString());
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.paid']);
  });

  it('credits a comment sent inline and one sent in a ref', async () => {
    const inline = await create();
    const inRef = await create();
    expect((await pay(inline.id)).payment.status).toBe('paid');
    expect((await pay(inRef.id, { case: 'comment-in-ref' })).payment.status).toBe('paid');
  });

  it('credits a transfer sent with forward_ton_amount = 0', async () => {
    const payment = await create();
    expect((await pay(payment.id, { case: 'zero-forward' })).payment.status).toBe('paid');
  });

  it('matches a memo typed in lower case with spaces around it', async () => {
    const payment = await create();
    expect((await pay(payment.id, { comment: `  ${payment.memo.toLowerCase()} ` })).payment.status).toBe('paid');
  });

  it('adds up two partial transfers and completes the payment', async () => {
    const payment = await create();
    const first = await pay(payment.id, { amount: '4.00' });
    expect(first.payment).toMatchObject({ status: 'partially_paid', paidAmount: '4.00', dueAmount: '6.00' });
    const second = await pay(payment.id);
    expect(second.payment).toMatchObject({ status: 'paid', paidAmount: '10.00', dueAmount: '0.00' });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.partially_paid', 'payment.paid']);
  });

  it('leaves a payment short by one base unit partially paid', async () => {
    const payment = await create();
    const result = await pay(payment.id, { case: 'short' });
    expect(result.payment).toMatchObject({ status: 'partially_paid', paidAmount: '9.999999', dueAmount: '0.000001' });
  });

  it('raises overpaidAmount on over-payment and on a transfer after paid', async () => {
    const payment = await create();
    expect((await pay(payment.id, { amount: '12.50' })).payment).toMatchObject({
      status: 'paid',
      overpaidAmount: '2.50',
    });
    expect((await pay(payment.id, { amount: '1.00' })).payment).toMatchObject({
      status: 'paid',
      paidAmount: '13.50',
      overpaidAmount: '3.50',
    });
    expect(await eventsOf(payment.id)).toEqual([
      'payment.created',
      'payment.paid',
      'payment.overpaid',
      'payment.overpaid',
    ]);
  });

  it('flags a payment completed after expiry, inside the monitoring window, as late', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    server.clock.advance(61_000);
    await server.services.payments.expireDue();
    expect((await server.services.payments.get(payment.id)).status).toBe('expired');
    const result = await pay(payment.id);
    expect(result.payment).toMatchObject({ status: 'paid', late: true });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.expired', 'payment.paid', 'payment.late']);
  });

  it('credits a transfer to an expired payment past the monitoring window to it, without reopening it', async () => {
    const payment = await create({ expiresInSeconds: 60 });
    server.clock.advance(61_000 + 24 * 3600_000 + 1_000);
    await server.services.payments.expireDue();
    const result = await pay(payment.id);
    expect(result.payment).toMatchObject({ status: 'expired', paidAmount: '10.00' });
    const recorded = (await Promise.all(result.txHashes.map((h) => server.services.ledger.find(h)))).filter(
      (t) => t !== null,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'credited', paymentId: payment.id, comment: payment.memo });
    expect(await eventsOf(payment.id)).toEqual(['payment.created', 'payment.expired', 'payment.credited_after_close']);
  });

  it('sends a transfer without a comment to the unmatched inbox, where it can be attached', async () => {
    const payment = await create();
    const result = await pay(payment.id, { case: 'no-comment' });
    expect(result.payment.status).toBe('pending');
    const inbox = await server.services.ledger.listUnmatched();
    const transfer = inbox.find((t) => result.txHashes.includes(t.txHash));
    expect(transfer).toMatchObject({ comment: null, amount: 10_000_000n, status: 'unmatched' });
    const attached = await server.services.ledger.attach(transfer!.txHash, payment.id, 'customer forgot the memo');
    expect(attached.status).toBe('paid');
    expect(await server.services.ledger.find(transfer!.txHash)).toMatchObject({
      status: 'credited',
      resolution: 'customer forgot the memo',
    });
    await expect(server.services.ledger.attach(transfer!.txHash, payment.id, 'again')).rejects.toThrow(
      /already credited/,
    );
  });

  it('dismisses an unmatched transfer and keeps the decision', async () => {
    const payment = await create();
    const result = await pay(payment.id, { comment: 'hello' });
    const transfer = (await server.services.ledger.listUnmatched()).find((t) => result.txHashes.includes(t.txHash))!;
    expect((await server.services.ledger.dismiss(transfer.txHash, 'not ours')).status).toBe('dismissed');
    expect((await server.services.ledger.listUnmatched()).map((t) => t.txHash)).not.toContain(transfer.txHash);
  });

  for (const attack of ['fake-jetton', 'forged', 'bounced'] as const) {
    it(`credits nothing for a ${attack} transfer`, async () => {
      const payment = await create();
      const before = (await server.services.ledger.listUnmatched()).length;
      const result = await pay(payment.id, { case: attack });
      expect(result.txHashes.length).toBeGreaterThan(0);
      expect(result.payment).toMatchObject({ status: 'pending', paidAmount: '0.00' });
      expect(await credits(payment.id)).toEqual([]);
      expect((await server.services.ledger.listUnmatched()).length).toBe(before);
    });
  }

  it('credits every transaction once even when the watcher polls again', async () => {
    const payment = await create();
    await pay(payment.id);
    await server.watcher.pollNow();
    await server.watcher.pollNow();
    expect(await credits(payment.id)).toHaveLength(1);
    expect((await server.services.payments.get(payment.id)).paidAmount).toBe(10_000_000n);
  });
});
