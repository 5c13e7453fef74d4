import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnmatchedTransfer } from '../../contract/chain';
import {
  selectHasLoadedUnmatched,
  selectUnmatched,
  selectUnmatchedActions,
} from '../../renderer/features/unmatched/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('unmatched slice: the inbox of transfers whose memo matched nothing', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });
  const invoice = async (amount: string) =>
    (await h.server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;
  /** A real transfer on the sandbox chain with no comment: the watcher files it in the inbox. */
  const strayTransfer = async (amount: string) => {
    await h.server.simulator!.pay({ paymentId: (await invoice(amount)).id, case: 'no-comment' });
  };
  const hashOf = (items: readonly UnmatchedTransfer[], amount: string) =>
    items.find((t) => t.amount === amount)!.txHash;

  it('loads the inbox, attaches one transfer to its payment and dismisses another', async () => {
    const store = h.newStore();
    const { loadUnmatched, attachTransfer, dismissTransfer } = selectUnmatchedActions(store.getState());
    await loadUnmatched();
    expect([selectUnmatched(store.getState()), selectHasLoadedUnmatched(store.getState())]).toEqual([[], true]);

    const target = await invoice('7.00');
    await strayTransfer('7.00');
    await strayTransfer('1.50');
    await loadUnmatched();
    const inbox = selectUnmatched(store.getState());
    expect(inbox.map((t) => [t.amount, t.comment]).sort()).toEqual([
      ['1.50', null],
      ['7.00', null],
    ]);
    const [forTarget, stray] = [hashOf(inbox, '7.00'), hashOf(inbox, '1.50')];

    expect(await attachTransfer(forTarget, ` ${target.id} `, 'customer forgot the memo')).toBe(true);
    expect(lastToast(store.getState())).toBe(`Attached to ${target.id}: now paid`);
    expect((await h.server.services.payments.view(target.id)).status).toBe('paid');
    await dismissTransfer(stray, 'refunded by hand');
    expect(lastToast(store.getState())).toBe('Transfer dismissed');
    expect(selectUnmatched(store.getState())).toEqual([]);
    await loadUnmatched();
    expect(selectUnmatched(store.getState())).toEqual([]);
  });

  it('keeps a transfer the service refuses to attach, and says why', async () => {
    await strayTransfer('2.00');
    const store = h.newStore();
    const { loadUnmatched, attachTransfer, dismissTransfer } = selectUnmatchedActions(store.getState());
    await loadUnmatched();
    const stray = hashOf(selectUnmatched(store.getState()), '2.00');
    expect(await attachTransfer(stray, 'pay_0000000000000000000000', '')).toBe(false);
    expect(lastToast(store.getState())).toMatch(/^Could not attach: /);
    expect(selectUnmatched(store.getState()).map((t) => t.txHash)).toContain(stray);

    await dismissTransfer('0'.repeat(64), '');
    expect(lastToast(store.getState())).toMatch(/^Could not dismiss: /);
    expect(selectUnmatched(store.getState()).map((t) => t.txHash)).toEqual([stray]);
  });
});
