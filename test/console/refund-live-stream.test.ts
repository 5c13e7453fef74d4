import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChangeSchema, type LiveChange } from '../../contract/console-live';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readSse } from '../helpers/sse-reader';

const PAYER = 'EQD__________________________________________0vo';

/**
 * GET /console/api/events over real HTTP: a refund's changes travel as payment events do, each frame
 * with the refund's new state and its payment's, so an open payment, the list and the dashboard follow.
 */
describe('refund events on the console live stream', () => {
  let t: TestApp;
  let url: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    headers = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An invoice of 10.00 paid in full by PAYER, as the watcher reports it. */
  async function paidInvoice(): Promise<string> {
    const { payment } = await t.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '10.00',
    });
    const lt = BigInt(Date.now());
    const transfer = {
      txHash: randomBytes(32).toString('hex'),
      lt,
      utime: Math.floor(t.clock.now() / 1000),
      amount: 10_000_000n,
      from: PAYER,
      comment: payment.memo,
      asset: 'USDT' as const,
    };
    await t.services.ledger.creditBatch('watched', [transfer], { lt, hash: transfer.txHash });
    return payment.id;
  }

  /** The change frames after `seq`, replayed by a new stream up to its ready frame. */
  async function changesAfter(seq: number): Promise<LiveChange[]> {
    const ac = new AbortController();
    const res = await fetch(`${url}/console/api/events?after=${seq}`, { headers, signal: ac.signal });
    const frames = readSse(res);
    const changes: LiveChange[] = [];
    for (let frame = await frames.next(); frame.event === 'change'; frame = await frames.next())
      changes.push(LiveChangeSchema.parse(frame.data));
    ac.abort();
    return changes;
  }

  it("carries the refund and its payment's new state in each refund frame", async () => {
    const paymentId = await paidInvoice();
    const before = await t.services.eventFeed.lastSeq();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/console/api/payments/${paymentId}/refunds`,
      headers,
      payload: { amount: '2.50' },
    });
    expect(asked.statusCode).toBe(200);
    const refundId = (asked.json() as { id: string }).id;
    await t.app.inject({
      method: 'POST',
      url: `/console/api/payments/${paymentId}/refunds/${refundId}/cancel`,
      headers,
      payload: {},
    });

    const changes = (await changesAfter(before)).filter((c) => c.type.startsWith('refund.'));
    expect(changes.map((c) => [c.type, c.refund?.id, c.refund?.status])).toEqual([
      ['refund.created', refundId, 'awaiting_signature'],
      ['refund.cancelled', refundId, 'cancelled'],
    ]);
    for (const change of changes) {
      expect(change).toMatchObject({ paymentId, payment: { id: paymentId, status: 'paid' } });
      // the payments list's row follows too
      expect(change.row).toMatchObject({ id: paymentId, status: 'paid' });
    }
  });

  it('sends no refund on a frame that is not a refund event', async () => {
    const before = await t.services.eventFeed.lastSeq();
    await t.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' });
    const [created] = await changesAfter(before);
    expect(created).toMatchObject({ type: 'payment.created' });
    expect(created!.refund ?? null).toBeNull();
  });
});
