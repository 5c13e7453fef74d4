import { ApiError } from '../../api/client';
import { pricingApi } from './api';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { PricingSettings } from '../../../contract/pricing-settings';
import type { RatesHealth } from '../../../contract/rates';

export interface PricingSlice {
  /** Settings → Pricing as saved; null until loaded (an owner's) */
  pricing: PricingSettings | null;
  /** a refusal naming a field ("manualRates.0.rate"), shown beside that field */
  pricingProblem: { field: string; message: string } | null;
  isSavingPricing: boolean;
  ratesHealth: RatesHealth | null;
  loadPricing(): Promise<void>;
  savePricing(value: PricingSettings): Promise<boolean>;
  loadRatesHealth(): Promise<void>;
}

export const createPricingSlice: SliceCreator<PricingSlice> = (set, get) => ({
  pricing: null,
  pricingProblem: null,
  isSavingPricing: false,
  ratesHealth: null,
  loadPricing: async () => {
    try {
      set({ pricing: await pricingApi.get() });
    } catch (err) {
      get().fail(err, 'Could not load the pricing settings');
    }
  },
  savePricing: async (value) => {
    set({ isSavingPricing: true, pricingProblem: null });
    try {
      set({ pricing: await pricingApi.save(value) });
      get().toast('success', 'Saved. New payments are priced this way; existing ones keep their rates.');
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        set({ pricingProblem: { field: err.field ?? 'storeCurrency', message: err.message } });
      get().fail(err, 'Could not save the pricing settings');
      return false;
    } finally {
      set({ isSavingPricing: false });
    }
  },
  loadRatesHealth: async () => {
    try {
      set({ ratesHealth: await pricingApi.health() });
    } catch (err) {
      get().fail(err, 'Could not load the rates health');
    }
  },
});

export const selectPricing = (s: ConsoleStore) => s.pricing;
export const selectPricingProblem = (s: ConsoleStore) => s.pricingProblem;
export const selectIsSavingPricing = (s: ConsoleStore) => s.isSavingPricing;
export const selectRatesHealth = (s: ConsoleStore) => s.ratesHealth;
/** What the desk form prices in: the store's currency once known, USDT before (and for a cashier). */
export const selectStoreCurrency = (s: ConsoleStore) => s.pricing?.storeCurrency ?? 'USDT';
export const selectPricingActions = (s: ConsoleStore) => ({
  loadPricing: s.loadPricing,
  savePricing: s.savePricing,
  loadRatesHealth: s.loadRatesHealth,
});
