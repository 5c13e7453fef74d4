import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectIsSimulating,
  selectOpenPayments,
  selectSimulations,
  selectSimulatorActions,
} from '../../renderer/features/simulator/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('simulator slice: real emulated transfers on the sandbox chain', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness({ chain: { mode: 'sandbox' } });
  });
  afterAll(async () => {
    await h.dispose();
  });
  const invoice = async (amount: string) =>
    (await h.server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;

  it('lists the payments still open, pays one in two transfers and records what the service concluded', async () => {
    const first = await invoice('5.00');
    const second = await invoice('8.00');
    await h.server.services.payments.cancel((await invoice('1.00')).id);
    const store = h.newStore();
    const { loadOpenPayments, simulate } = selectSimulatorActions(store.getState());
    await loadOpenPayments();
    expect(selectOpenPayments(store.getState()).map((p) => p.id)).toEqual([second.id, first.id]);

    const sending = simulate(first.id, 'short', '2.00');
    expect(selectIsSimulating(store.getState())).toBe(true);
    await sending;
    expect(selectIsSimulating(store.getState())).toBe(false);
    expect(lastToast(store.getState())).toBe('Sent (short): the payment is now partially paid');
    expect(selectSimulations(store.getState())[0]).toMatchObject({
      paymentId: first.id,
      case: 'short',
      payment: { status: 'partially_paid' },
    });
    expect(selectOpenPayments(store.getState()).find((p) => p.id === first.id)?.status).toBe('partially_paid');

    await simulate(first.id, 'exact');
    expect(selectSimulations(store.getState()).map((s) => [s.case, s.payment.status])).toEqual([
      ['exact', 'paid'],
      ['short', 'partially_paid'],
    ]);
    expect(selectSimulations(store.getState())[0]!.payment).toMatchObject({ paidAmount: '5.00', dueAmount: '0.00' });
    expect(selectOpenPayments(store.getState()).map((p) => p.id)).toEqual([second.id]);
  });

  it('never credits a look-alike token', async () => {
    const payment = await invoice('3.00');
    const store = h.newStore();
    await selectSimulatorActions(store.getState()).simulate(payment.id, 'fake-jetton');
    expect(selectSimulations(store.getState())[0]?.payment).toMatchObject({ status: 'pending', paidAmount: '0.00' });
  });

  it('reports a payment the service does not know as a toast and records nothing', async () => {
    const store = h.newStore();
    await selectSimulatorActions(store.getState()).simulate('pay_0000000000000000000000', 'exact');
    expect(lastToast(store.getState())).toMatch(/^Simulation failed: /);
    expect([selectSimulations(store.getState()), selectIsSimulating(store.getState())]).toEqual([[], false]);
  });
});
