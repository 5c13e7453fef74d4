import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboundTransfer } from '../../server/chain/types';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: Record<string, string>;
let lt = 1n;
const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/console/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const invoice = async (amount: string, extra: Record<string, unknown> = {}) =>
  (await t.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount, ...extra })).payment;
/** A transfer as the watcher reports it, through the real ledger: a comment that matches nothing files it in the inbox. */
const arrive = async (micro: bigint, comment: string | null = null): Promise<string> => {
  const transfer: InboundTransfer = {
    txHash: randomBytes(32).toString('hex'),
    lt: lt++,
    utime: Math.floor(t.clock.now() / 1000),
    amount: micro,
    from: 'EQD__________________________________________0vo',
    comment,
    asset: 'USDT',
  };
  await t.services.ledger.creditBatch('watched', [transfer], { lt: transfer.lt, hash: transfer.txHash });
  return transfer.txHash;
};
const eventTypes = async (paymentId: string) => (await t.services.payments.timeline(paymentId)).map((e) => e.type);

describe('the unmatched inbox: suggestions, search, dismiss with a reason, undo, history', () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('suggests open and recently expired payments whose due amount equals the transfer, nearest in time first', async () => {
    const older = await invoice('4.00', { expiresInSeconds: 3600 });
    t.clock.advance(600_000);
    const nearer = await invoice('4.00', { customer: { email: 'ana@shop.example' } });
    await invoice('4.01');
    const paid = await invoice('4.00');
    await t.services.payments.cancel(paid.id);
    const tx = await arrive(4_000_000n);
    const { status, body } = await call('GET', '/transfers/unmatched');
    expect(status).toBe(200);
    const item = body.items.find((i: { txHash: string }) => i.txHash === tx);
    expect(item.suggestions.map((s: { id: string }) => s.id)).toEqual([nearer.id, older.id]);
    expect(item.suggestions[0]).toMatchObject({
      dueAmount: '4.00',
      customerEmail: 'ana@shop.example',
      status: 'pending',
    });

    t.clock.advance(8 * 24 * 3600_000); // both expire, and fall out of the recent window
    await t.services.payments.expireDue();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` }; // the first session has expired too
    expect((await call('GET', '/transfers/unmatched')).body.items[0].suggestions).toEqual([]);
  });

  it("searches by amount (either decimal mark), memo or comment, and a suggested payment's customer email", async () => {
    await invoice('6.50', { customer: { email: 'bo@shop.example' } });
    const byEmail = await arrive(6_500_000n);
    const byComment = await arrive(1_000_000n, 'for order TT-NOTAMEMO0');
    const ids = async (q: string) =>
      (await call('GET', `/transfers/unmatched?q=${encodeURIComponent(q)}`)).body.items.map(
        (i: { txHash: string }) => i.txHash,
      );
    expect(await ids('BO@shop.example')).toEqual([byEmail]);
    expect(await ids('6,50')).toEqual([byEmail]);
    expect(await ids('6.5')).toEqual([byEmail]);
    expect(await ids('tt-notamemo0')).toEqual([byComment]);
    expect(await ids('nobody@else.example')).toEqual([]);
  });

  it("attaching records the note on the payment's timeline and a transfer.attached event", async () => {
    const payment = await invoice('3.00', { callbackUrl: 'http://127.0.0.1:9/cb' });
    const tx = await arrive(3_000_000n);
    const res = await call('POST', `/transfers/${tx}/attach`, {
      paymentId: payment.id,
      note: 'customer forgot the memo',
    });
    expect(res.body.status).toBe('paid');
    expect(await eventTypes(payment.id)).toEqual(['payment.created', 'transfer.attached', 'payment.paid']);
    const detail = await call('GET', `/payments/${payment.id}`);
    expect(detail.body.events[1]).toMatchObject({
      type: 'transfer.attached',
      note: 'customer forgot the memo',
      status: null,
    });
    // the payment's callbackUrl asked for payment events only: the inbox decision is not sent to it
    const callbacks = await call('GET', `/webhooks/deliveries?paymentId=${payment.id}&target=callbacks`);
    expect(callbacks.body.items.map((d: { eventType: string }) => d.eventType).sort()).toEqual([
      'payment.created',
      'payment.paid',
    ]);
  });

  it('dismiss needs a reason, is listed with who and when, and can be undone once', async () => {
    const tx = await arrive(2_000_000n);
    const empty = await call('POST', `/transfers/${tx}/dismiss`, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.field).toBe('note');
    expect((await call('POST', `/transfers/${tx}/dismiss`, { note: 'refunded by hand' })).body.status).toBe(
      'dismissed',
    );
    expect((await call('GET', '/transfers/unmatched')).body.items).toEqual([]);

    const history = await call('GET', '/transfers/history?action=dismissed');
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({
      action: 'dismissed',
      note: 'refunded by hand',
      actor: 'owner',
      undoable: true,
    });
    expect(history.body.items[0].transfer.txHash).toBe(tx);

    expect((await call('POST', `/transfers/${tx}/restore`)).body.status).toBe('unmatched');
    expect((await call('POST', `/transfers/${tx}/restore`)).status).toBe(409);
    expect((await call('GET', '/transfers/unmatched')).body.items.map((i: { txHash: string }) => i.txHash)).toEqual([
      tx,
    ]);
    const all = (await call('GET', '/transfers/history')).body.items;
    expect(all.map((d: { action: string; undoable: boolean }) => [d.action, d.undoable])).toEqual([
      ['undone', false],
      ['dismissed', false],
    ]);
  });

  it('an endpoint that did not subscribe to inbox events is not sent them; one on "*" is', async () => {
    const only = await t.services.webhooks.createEndpoint({
      url: 'http://127.0.0.1:9/only-paid',
      events: ['payment.paid'],
    });
    const every = await t.services.webhooks.createEndpoint({ url: 'http://127.0.0.1:9/all', events: ['*'] });
    const tx = await arrive(1_500_000n);
    await call('POST', `/transfers/${tx}/dismiss`, { note: 'not ours' });
    await call('POST', `/transfers/${tx}/restore`);
    const types = async (endpointId: string) =>
      (await call('GET', `/webhooks/deliveries?endpointId=${endpointId}`)).body.items
        .map((d: { eventType: string }) => d.eventType)
        .sort();
    expect(await types(only.endpoint.id)).toEqual([]);
    expect(await types(every.endpoint.id)).toEqual(['transfer.dismissed', 'transfer.restored', 'transfer.unmatched']);
  });
});
