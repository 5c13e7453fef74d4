import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { CATALOGUE_KEY } from '../../server/console-api/catalogue-routes';
import {
  selectCartTotal,
  selectCatalogueSells,
  selectSaleCurrency,
  selectTillActions,
  selectTillError,
  selectTillInvoice,
  selectTillTip,
} from '../../renderer/features/till/slice';
import { selectTipActions, selectTipSale } from '../../renderer/features/till/tip-step';
import { startStoreHarness, type StoreHarness } from '../renderer/store-harness';

/**
 * The till's state in a yen store, against the real service: a catalogue saved without a currency is
 * priced in yen, its cart sums whole yen, the tip is whole yen and is sent as yen; a USDT catalogue
 * is not sold from.
 */
describe("the till's catalogue and tip in a store priced in yen", () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
    await h.server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'JPY' }, 'test');
    await h.server.services.settings.set('till_tips', { enabled: true, presets: [10, 15] });
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('does not sell from a catalogue kept in USDT', async () => {
    await h.server.services.settings.set(CATALOGUE_KEY, { items: [{ id: 'tea', name: 'Tea', price: '2.50' }] });
    const store = h.newStore();
    const { loadCatalogue, loadTillFiat } = selectTillActions(store.getState());
    await Promise.all([loadCatalogue(), loadTillFiat()]);
    expect([selectSaleCurrency(store.getState()), selectCatalogueSells(store.getState())]).toEqual(['JPY', false]);
  });

  it('saves the catalogue in yen, sums a cart in whole yen and charges it with a tip in yen', async () => {
    const store = h.newStore();
    const { saveCatalogue, loadTillFiat, addToCart, chargeTill } = selectTillActions(store.getState());
    await Promise.all([loadTillFiat(), selectTipActions(store.getState()).loadTipSettings()]);
    expect(await saveCatalogue([{ id: 'ramen', name: 'Ramen', price: '980' }], 'JPY')).toBe(true);
    expect(await saveCatalogue([{ id: 'ramen', name: 'Ramen', price: '9.5' }])).toBe(false);
    expect(await h.server.services.settings.get(CATALOGUE_KEY)).toEqual({
      currency: 'JPY',
      items: [{ id: 'ramen', name: 'Ramen', price: '980' }],
    });
    expect(selectCatalogueSells(store.getState())).toBe(true);
    addToCart('ramen');
    addToCart('ramen');
    expect(selectCartTotal(store.getState())).toBe('1960');
    await chargeTill();
    expect(selectTipSale(store.getState())).toMatchObject({ amount: '1960', baseUnits: 1960n, currency: 'JPY' });
    // 15 % of 1960 is 294 yen exactly; the invoice asks for 2254 yen, quoted in the asset
    await selectTipActions(store.getState()).chooseTip(294n);
    expect(selectTillError(store.getState())).toBeNull();
    const invoice = selectTillInvoice(store.getState())!;
    expect(invoice.price).toEqual({ amount: '2254', currency: 'JPY' });
    expect(invoice.description).toBe('2 × Ramen');
    expect(selectTillTip(store.getState())).toBe(294n);
    const stored = await h.server.services.payments.get(invoice.id);
    // the tip's share of the quote: 294 / 2254 of the amount, rounded down
    expect(stored.tip).toBe((stored.amount * 294n) / 2254n);
  });

  it('keeps the sale and its tip step, saying why, when no rate prices the currency (503)', async () => {
    // the sandbox's fixed table has no Icelandic krónur
    await h.server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'ISK' }, 'test');
    const store = h.newStore();
    const { saveCatalogue, loadTillFiat, addToCart, chargeTill } = selectTillActions(store.getState());
    await Promise.all([loadTillFiat(), selectTipActions(store.getState()).loadTipSettings()]);
    expect(await saveCatalogue([{ id: 'skyr', name: 'Skyr', price: '450' }])).toBe(true);
    addToCart('skyr');
    await chargeTill();
    await selectTipActions(store.getState()).chooseTip(45n);
    expect(selectTillInvoice(store.getState())).toBeNull();
    expect(selectTipSale(store.getState())).toMatchObject({ amount: '450', currency: 'ISK' });
    expect(selectTillError(store.getState())).toMatch(/ISK/);
  });
});
