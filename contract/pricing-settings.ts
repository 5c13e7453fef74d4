import { z } from 'zod';
import { ASSET_CODES } from './asset';
import { AssetCodeSchema } from './asset-schemas';
import { isFiatCode } from './fiat';
import { parseRate, toleranceBpsOf } from './price';
import { PriceCurrencySchema } from './price-schemas';

/** Where fiat prices get their rates: live sources (tonapi, CoinGecko, ECB crosses) or the store's own table. */
export const RATE_MODES = ['live', 'manual'] as const;
export type RateMode = (typeof RATE_MODES)[number];

export const ManualRateSchema = z
  .strictObject({
    currency: z.string().refine(isFiatCode, 'must be an ISO 4217 code such as "EUR"'),
    asset: AssetCodeSchema,
    rate: z
      .string()
      .refine((text) => parseRate(text) !== null, 'must be a positive decimal such as "0.9412" (up to 18 decimals)')
      .meta({ description: 'The currency per one whole unit of the asset' }),
  })
  .meta({ id: 'ManualRate' });
export type ManualRate = z.infer<typeof ManualRateSchema>;

/**
 * The store's pricing, set in Settings: the currency its catalogue, till and reports speak, the short
 * payment it forgives, where rates come from and when a live rate is not to be trusted.
 */
export const PricingSettingsSchema = z
  .strictObject({
    storeCurrency: PriceCurrencySchema.default('USDT').meta({
      description: 'What the store prices in: an asset (no conversion) or an ISO 4217 code',
    }),
    shortTolerancePercent: z
      .string()
      .refine((text) => toleranceBpsOf(text) !== null, 'must be a percent from 0 to 10 with up to two decimals')
      .default('0')
      .meta({ description: 'A payment short by at most this percent of its amount is paid (exchanges deduct fees)' }),
    rateMode: z.enum(RATE_MODES).default('live'),
    manualRates: z
      .array(ManualRateSchema)
      .max(ASSET_CODES.length * 50)
      .refine(
        (rates) => new Set(rates.map((r) => `${r.currency}/${r.asset}`)).size === rates.length,
        'must not list a currency and asset twice',
      )
      .default([]),
    maxDisagreementPercent: z
      .string()
      .refine((text) => toleranceBpsOf(text) !== null, 'must be a percent from 0 to 10 with up to two decimals')
      .default('2')
      .meta({ description: 'Two live sources further apart than this refuse a fiat invoice (503 RATE_UNAVAILABLE)' }),
    maxRateAgeSeconds: z
      .number()
      .int()
      .min(60)
      .max(24 * 3600)
      .default(900)
      .meta({ description: 'A live rate older than this is not used' }),
  })
  .meta({ id: 'PricingSettings' });
export type PricingSettings = z.infer<typeof PricingSettingsSchema>;

export const DEFAULT_PRICING_SETTINGS: PricingSettings = PricingSettingsSchema.parse({});
