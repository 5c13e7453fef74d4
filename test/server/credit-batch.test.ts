import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundTransfer } from '../../server/chain/types';
import type { PublicPayment } from '../../contract/payments';
import { CursorMovedError } from '../../server/payments/transfer-ledger';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A watcher batch is read and written in bulk (one range read for what the ledger holds, one read
 * for the payments, the rows written at the end): what it records must be what one transfer at a
 * time would have recorded.
 */
describe('a batch of transfers credited together', () => {
  let t: TestApp;
  let lt = 5_000n;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const transfer = (amount: bigint, comment: string | null): InboundTransfer => ({
    txHash: randomBytes(32).toString('hex'),
    lt: (lt += 1_000n),
    utime: Math.floor(t.clock.now() / 1000),
    amount,
    from: null,
    comment,
    asset: 'USDT',
  });
  const credit = (batch: InboundTransfer[]) =>
    t.services.ledger.creditBatch('watched', batch, { lt: batch.at(-1)!.lt, hash: batch.at(-1)!.txHash });
  const invoice = async (amount: string) =>
    (await t.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;
  const hashesIn = (data: unknown) => (data as PublicPayment).transfers.map((x) => x.txHash);

  it('credits two parts of one payment in one batch, each event showing the transfers so far', async () => {
    const payment = await invoice('10.00');
    const first = transfer(4_000_000n, payment.memo);
    const second = transfer(6_000_000n, payment.memo.toLowerCase());
    const stray = transfer(1_000_000n, 'no memo here');
    expect(await credit([first, first, second, stray])).toEqual({ credited: 2, unmatched: 1, duplicates: 1 });

    const events = await t.services.payments.timeline(payment.id);
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.partially_paid', 'payment.paid']);
    expect(hashesIn(events[1]!.data)).toEqual([first.txHash]);
    expect(hashesIn(events[2]!.data)).toEqual([first.txHash, second.txHash]);
    // the last event's data is the payment as the API shows it now
    expect(events[2]!.data).toEqual(await t.services.payments.view(payment.id));
    expect((await t.services.ledger.creditedTo(payment.id)).map((c) => c.txHash)).toEqual([
      first.txHash,
      second.txHash,
    ]);
    expect(await t.services.ledger.countUnmatched()).toBe(1);
  });

  it('a batch reported again (a replayed page, a restart) changes nothing', async () => {
    const payment = await invoice('3.00');
    const batch = [transfer(3_000_000n, payment.memo), transfer(2_000_000n, null)];
    await credit(batch);
    const before = await t.services.payments.timeline(payment.id);
    expect(await credit(batch)).toEqual({ credited: 0, unmatched: 0, duplicates: 2 });
    expect(await t.services.payments.timeline(payment.id)).toEqual(before);
    expect((await t.services.payments.get(payment.id)).paidAmount).toBe(3_000_000n);
  });

  it('a later credit to a payment paid in an earlier batch lists the earlier transfer first', async () => {
    const payment = await invoice('5.00');
    const earlier = transfer(2_000_000n, payment.memo);
    await credit([earlier]);
    const later = transfer(3_000_000n, payment.memo);
    await credit([transfer(1n, null), later]);
    const paid = (await t.services.payments.timeline(payment.id)).at(-1)!;
    expect(paid.type).toBe('payment.paid');
    expect(hashesIn(paid.data)).toEqual([earlier.txHash, later.txHash]);
  });

  it('a batch that follows one that did not commit is refused whole: the cursor never jumps a gap', async () => {
    const payment = await invoice('1.00');
    const stored = await t.services.ledger.cursor('watched');
    const lost = transfer(1n, null);
    const next = transfer(1_000_000n, payment.memo);
    const following = t.services.ledger.creditBatch('watched', [next], { lt: next.lt, hash: next.txHash }, [], {
      lt: lost.lt,
      hash: lost.txHash,
    });
    await expect(following).rejects.toBeInstanceOf(CursorMovedError);
    expect(await t.services.ledger.cursor('watched')).toEqual(stored);
    expect((await t.services.payments.get(payment.id)).status).toBe('pending');
    // the batch that does follow the stored cursor commits
    await t.services.ledger.creditBatch('watched', [next], { lt: next.lt, hash: next.txHash }, [], stored);
    expect((await t.services.payments.get(payment.id)).status).toBe('paid');
  });
});
