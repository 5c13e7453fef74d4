import { get, request } from '../../api/client';
import { PricingSettingsSchema, type PricingSettings } from '../../../contract/pricing-settings';
import { RatesHealthSchema } from '../../../contract/rates';

export const pricingApi = {
  get: () => get(PricingSettingsSchema, '/settings/pricing'),
  save: (value: PricingSettings) => request(PricingSettingsSchema, 'PUT', '/settings/pricing', value),
  health: () => get(RatesHealthSchema, '/rates/health'),
};
