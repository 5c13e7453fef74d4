import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectDetailDeliveries,
  selectHasLoadedList,
  selectHasMorePayments,
  selectIsDetailLoading,
  selectIsListLoading,
  selectPaymentDetail,
  selectPaymentFilters,
  selectPaymentRows,
  selectPaymentsActions,
} from '../../renderer/features/payments/slice';
import { selectDeliveries } from '../../renderer/features/webhooks/slice';
import { Receiver } from '../webhooks/receiver';
import { lastToast, startStoreHarness, until, type StoreHarness } from './store-harness';

describe('payments slice: the list, one payment, cancel and redeliver against the real service', () => {
  let h: StoreHarness;
  let receiver: Receiver;
  beforeAll(async () => {
    h = await startStoreHarness();
    receiver = await Receiver.start();
    await h.server.services.webhooks.createEndpoint({ url: receiver.url(), events: ['*'] });
  });
  afterAll(async () => {
    await h.dispose();
    await receiver.stop();
  });
  const invoice = async (amount = '1.00') =>
    (await h.server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;

  it('lists newest first in pages of 200, and the filters set last decide the rows', async () => {
    const made = await Promise.all(Array.from({ length: 201 }, () => invoice()));
    const cancelled = made[3]!;
    await h.server.services.payments.cancel(cancelled.id);
    const store = h.newStore();
    const { loadPayments, loadMorePayments, setFilters } = selectPaymentsActions(store.getState());
    expect([selectHasLoadedList(store.getState()), selectHasMorePayments(store.getState())]).toEqual([false, false]);

    const loading = loadPayments();
    expect(selectIsListLoading(store.getState())).toBe(true);
    await loading;
    expect(selectPaymentRows(store.getState())).toHaveLength(200);
    expect(selectPaymentRows(store.getState())[0]!.id).toBe(made[200]!.id);
    expect([
      selectHasLoadedList(store.getState()),
      selectHasMorePayments(store.getState()),
      selectIsListLoading(store.getState()),
    ]).toEqual([true, true, false]);
    await loadMorePayments();
    expect(selectPaymentRows(store.getState()).at(-1)!.id).toBe(made[0]!.id);
    expect(selectHasMorePayments(store.getState())).toBe(false);

    setFilters({ status: 'cancelled' });
    setFilters({ status: 'pending', q: made[7]!.id });
    const settled = await until(store, (s) => !selectIsListLoading(s));
    expect(selectPaymentFilters(settled)).toEqual({
      status: 'pending',
      currency: '',
      q: made[7]!.id,
      createdFrom: '',
      createdTo: '',
      includeTest: false,
    });
    expect(selectPaymentRows(settled).map((p) => p.id)).toEqual([made[7]!.id]);
    expect(settled.toasts).toEqual([]);
  });

  it('opens a payment with its timeline and webhook deliveries, cancels it and redelivers an event', async () => {
    const payment = await invoice('4.00');
    const store = h.newStore();
    const { loadPayments, openPayment, cancelPayment, redeliverEvent } = selectPaymentsActions(store.getState());
    await loadPayments();
    const opening = openPayment(payment.id);
    expect(selectIsDetailLoading(store.getState())).toBe(true);
    await opening;
    expect(selectIsDetailLoading(store.getState())).toBe(false);
    expect(selectPaymentDetail(store.getState())?.payment).toMatchObject({
      id: payment.id,
      status: 'pending',
      amount: '4.00',
    });
    expect(selectPaymentDetail(store.getState())?.events.map((e) => e.type)).toEqual(['payment.created']);
    expect(selectDetailDeliveries(store.getState()).map((d) => d.eventType)).toEqual(['payment.created']);

    await cancelPayment(payment.id);
    expect(lastToast(store.getState())).toBe('Payment cancelled');
    expect(selectPaymentDetail(store.getState())?.payment.status).toBe('cancelled');
    expect(selectPaymentRows(store.getState()).find((p) => p.id === payment.id)?.status).toBe('cancelled');

    const created = selectPaymentDetail(store.getState())!.events[0]!;
    await redeliverEvent(created.id);
    expect(lastToast(store.getState())).toBe('Queued 1 new delivery');
    expect(selectDetailDeliveries(store.getState()).filter((d) => d.eventId === created.id)).toHaveLength(2);
    expect(selectDeliveries(store.getState()).some((d) => d.paymentId === payment.id)).toBe(true);
  });

  it('reports what the service refuses as a toast', async () => {
    const payment = await invoice();
    await h.server.services.payments.cancel(payment.id);
    const store = h.newStore();
    const { cancelPayment, openPayment, setFilters, exportPayments } = selectPaymentsActions(store.getState());

    await cancelPayment(payment.id);
    expect(lastToast(store.getState())).toMatch(/^Could not cancel: /);
    await openPayment('pay_0000000000000000000000');
    expect(lastToast(store.getState())).toMatch(/^Could not open the payment: /);
    expect([selectPaymentDetail(store.getState()), selectIsDetailLoading(store.getState())]).toEqual([null, false]);

    // A status the API does not know: refused with a 400 before any row (or file) is sent.
    setFilters({ status: 'nope' as never });
    await until(store, (s) => !selectIsListLoading(s));
    expect(lastToast(store.getState())).toMatch(/^Could not load payments: status/);
    await exportPayments();
    expect(lastToast(store.getState())).toMatch(/^Export failed: status/);
  });
});
