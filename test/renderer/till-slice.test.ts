import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../contract/amount';
import {
  selectCart,
  selectCartSize,
  selectCartTotal,
  selectCatalogue,
  selectIsTill,
  selectTillActions,
  selectTillEntry,
  selectTillError,
  selectTillInvoice,
} from '../../renderer/features/till/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('till slice: keypad entry, the catalogue and its cart, charged as an invoice on the real service', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('charges what the keypad shows, "12,50" as 12.50, and refuses zero beside the keypad', async () => {
    const store = h.newStore();
    const { openTill, pressTillKey, chargeTill, newSale } = selectTillActions(store.getState());
    openTill();
    expect(selectIsTill(store.getState())).toBe(true);
    pressTillKey('0');
    await chargeTill();
    expect(selectTillError(store.getState())).toMatch(/more than zero/);
    expect(await h.server.services.payments.list({ limit: 5 })).toHaveLength(0);
    for (const key of ['Clear', '1', '2', ',', '5', '0']) pressTillKey(key);
    expect(selectTillEntry(store.getState())).toBe('12,50');
    await chargeTill();
    expect(selectTillInvoice(store.getState())).toMatchObject({
      amount: '12.50',
      status: 'pending',
      description: null,
    });
    expect([selectTillEntry(store.getState()), selectTillError(store.getState())]).toEqual(['', null]);
    newSale();
    expect([selectTillInvoice(store.getState()), selectIsTill(store.getState())]).toEqual([null, true]);
  });

  it('saves the catalogue, builds a cart with quantities, and charges its exact total with the items listed', async () => {
    const store = h.newStore();
    const { saveCatalogue, loadCatalogue, addToCart, removeFromCart, chargeTill } = selectTillActions(store.getState());
    expect(
      await saveCatalogue([
        { id: 'tea', name: 'Tea', price: '0.10' },
        { id: 'cake', name: 'Cake', price: '0.20' },
      ]),
    ).toBe(true);
    const other = h.newStore();
    await selectTillActions(other.getState()).loadCatalogue();
    expect(selectCatalogue(other.getState()).map((i) => i.name)).toEqual(['Tea', 'Cake']);
    await loadCatalogue();
    for (const id of ['tea', 'tea', 'tea', 'tea', 'cake']) addToCart(id);
    removeFromCart('tea');
    expect([selectCart(store.getState()), selectCartSize(store.getState()), selectCartTotal(store.getState())]).toEqual(
      [{ tea: 3, cake: 1 }, 4, '0.50'],
    );
    await chargeTill();
    expect(selectTillInvoice(store.getState())).toMatchObject({ amount: '0.50', description: '3 × Tea, 1 × Cake' });
    expect(selectCart(store.getState())).toEqual({});
    const [stored] = await h.server.services.payments.list({ limit: 1 });
    expect(formatAmount(stored!.amount, 'USDT')).toBe('0.50');
  });

  it('reports a catalogue the service refuses as a toast and keeps the one saved', async () => {
    const store = h.newStore();
    const { saveCatalogue, loadCatalogue } = selectTillActions(store.getState());
    await loadCatalogue();
    const before = selectCatalogue(store.getState());
    expect(await saveCatalogue([{ id: 'x', name: 'X', price: '1.0000001' }])).toBe(false);
    expect(lastToast(store.getState())).toMatch(/Could not save the catalogue: .*price/);
    expect(selectCatalogue(store.getState())).toEqual(before);
  });
});
