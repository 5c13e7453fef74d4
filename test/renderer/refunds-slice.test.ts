import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectOutgoing,
  selectRefundActions,
  selectRefundProblem,
  selectRefunds,
} from '../../renderer/features/refunds/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('refunds slice: prepare, refuse with the field, cancel, and what the wallet sent, against the real service', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  const paid = async (amount: string, pay: string) => {
    const { payment } = await h.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
    });
    await h.server.simulator!.pay({ paymentId: payment.id, amount: pay });
    return payment.id;
  };

  it("keeps a refused request's field and message, then prepares, lists and cancels a refund", async () => {
    const paymentId = await paid('3.00', '3.50');
    const store = h.newStore();
    const { createRefund, cancelRefund, loadRefunds } = selectRefundActions(store.getState());
    expect(await createRefund(paymentId, { amount: '9.00' })).toBeNull();
    expect(selectRefundProblem(store.getState())).toEqual({
      field: 'amount',
      message: expect.stringContaining('at most 3.50 USDT'),
    });
    expect(selectRefunds(store.getState())).toEqual([]);

    const refund = await createRefund(paymentId, {});
    expect(refund).toMatchObject({ amount: '0.50', status: 'awaiting_signature' });
    expect(selectRefundProblem(store.getState())).toBeNull();
    expect(selectRefunds(store.getState()).map((r) => r.id)).toEqual([refund!.id]);
    expect(lastToast(store.getState())).toContain('Refund of 0.50 USDT ready');

    await cancelRefund(paymentId, refund!.id);
    expect(selectRefunds(store.getState()).map((r) => r.status)).toEqual(['cancelled']);
    // another payment's refunds replace these at once, never shown under the wrong payment
    const other = await paid('1.00', '1.00');
    const loading = loadRefunds(other);
    expect(selectRefunds(store.getState())).toEqual([]);
    await loading;
  });

  it('lists what the wallet sent, each with the refund it was', async () => {
    const paymentId = await paid('2.00', '2.00');
    const refund = await h.server.services.refunds.create(paymentId, { amount: '1.00' }, 'owner');
    await h.server.simulator!.refund({ refundId: refund.id });
    const store = h.newStore();
    expect(selectOutgoing(store.getState())).toBeNull();
    await selectRefundActions(store.getState()).loadOutgoing();
    expect(selectOutgoing(store.getState())![0]).toMatchObject({
      kind: 'sent',
      amount: '1.00',
      refund: { id: refund.id, paymentId, status: 'sent' },
    });
  });
});
