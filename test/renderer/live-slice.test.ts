import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChangeSchema, type LiveChange } from '../../contract/console-live';
import { selectUnmatchedCount } from '../../renderer/features/live/slice';
import { selectPaymentDetail, selectPaymentRows, selectPaymentsActions } from '../../renderer/features/payments/slice';
import { selectTillActions, selectTillInvoice } from '../../renderer/features/till/slice';
import { selectUnmatched, selectUnmatchedActions } from '../../renderer/features/unmatched/slice';
import { readSse } from '../helpers/sse-reader';
import { startStoreHarness, until, type StoreHarness } from './store-harness';

/**
 * The live slice applies the service's real change frames (read here from GET /console/api/events)
 * to the slices that show them. EventSource itself runs in the Chromium tests.
 */
describe('live slice: each change frame reaches every screen that shows it', () => {
  let h: StoreHarness;
  let frames: ReturnType<typeof readSse>;
  const ac = new AbortController();
  beforeAll(async () => {
    h = await startStoreHarness();
    const token = await h.server.services.sessions.createSession();
    frames = readSse(
      await fetch(`${h.server.url}/console/api/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: ac.signal,
      }),
    );
    expect((await frames.next()).event).toBe('ready');
  });
  afterAll(async () => {
    ac.abort();
    await h.dispose();
  });
  const invoice = async (amount: string, externalId?: string) =>
    (
      await h.server.services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount,
        ...(externalId ? { externalId } : {}),
      })
    ).payment;
  /** the next change frame, as the console's API module parses it */
  const nextChange = async (): Promise<LiveChange> => {
    for (;;) {
      const frame = await frames.next();
      if (frame.event === 'change') return LiveChangeSchema.parse(frame.data);
    }
  };

  it('updates rows in place and puts a new payment on top only when it fits the filters', async () => {
    const store = h.newStore();
    const first = await invoice('1.00');
    await nextChange();
    await selectPaymentsActions(store.getState()).loadPayments();
    store.getState().setFilters({ status: 'cancelled' });
    await until(store, (s) => !s.isListLoading && s.rows.length === 0);

    store.getState().applyLiveChange(await invoice('2.00').then(nextChange));
    expect(selectPaymentRows(store.getState())).toEqual([]);

    store.getState().setFilters({ status: '' });
    await until(store, (s) => !s.isListLoading && s.rows.length === 2);
    const added = await invoice('3.00');
    store.getState().applyLiveChange(await nextChange());
    expect(selectPaymentRows(store.getState()).map((r) => r.id)).toEqual([added.id, expect.any(String), first.id]);

    await h.server.services.payments.cancel(first.id);
    store.getState().applyLiveChange(await nextChange());
    expect(selectPaymentRows(store.getState()).find((r) => r.id === first.id)?.status).toBe('cancelled');
    expect(selectPaymentRows(store.getState())).toHaveLength(3);
  });

  it('leaves a text search to the service: a new payment that matches arrives through a reload', async () => {
    const store = h.newStore();
    store.getState().setFilters({ q: 'live-search' });
    await until(store, (s) => s.hasLoadedList && !s.isListLoading);
    const found = await invoice('4.00', 'live-search-1');
    store.getState().applyLiveChange(await nextChange());
    await until(store, (s) => s.rows.some((r) => r.id === found.id));
    expect(selectPaymentRows(store.getState()).map((r) => r.id)).toEqual([found.id]);
  });

  it('keeps the open payment and the till invoice current', async () => {
    const store = h.newStore();
    const payment = await invoice('5.00');
    await nextChange();
    await selectPaymentsActions(store.getState()).openPayment(payment.id);
    selectTillActions(store.getState()).showOnTill(selectPaymentDetail(store.getState())!.payment);
    await h.server.services.payments.cancel(payment.id);
    store.getState().applyLiveChange(await nextChange());
    expect(selectPaymentDetail(store.getState())?.payment.status).toBe('cancelled');
    expect(selectTillInvoice(store.getState())?.status).toBe('cancelled');
    // the timeline follows from the service
    await until(store, (s) => s.detail?.events.some((e) => e.type === 'payment.cancelled') ?? false);
  });

  it('the inbox and its badge follow the count the stream carries', async () => {
    const store = h.newStore();
    await selectUnmatchedActions(store.getState()).loadUnmatched();
    expect(selectUnmatchedCount(store.getState())).toBe(0);
    const lt = 77n;
    const hash = lt.toString(16).padStart(64, '0');
    await h.server.services.ledger.creditBatch(
      'EQ-live-slice',
      [
        {
          txHash: hash,
          lt,
          utime: Math.floor(Date.now() / 1000),
          amount: 1_500_000n,
          from: null,
          comment: null,
          asset: 'USDT',
        },
      ],
      { lt, hash },
    );
    store.getState().applyLiveChange(await nextChange());
    expect(selectUnmatchedCount(store.getState())).toBe(1);
    await until(store, (s) => selectUnmatched(s).length === 1);
    await selectUnmatchedActions(store.getState()).dismissTransfer(hash, 'refunded by hand');
    expect([selectUnmatchedCount(store.getState()), selectUnmatched(store.getState())]).toEqual([0, []]);
  });
});
