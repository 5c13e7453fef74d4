import { z } from 'zod';
import { ASSET_CODES, isAssetCode, type AssetCode } from './asset';
import { AssetCodeSchema } from './asset-schemas';
import { isFiatCode } from './fiat';

/**
 * `currency` of a creation request: what the payment is priced in. An asset (USDT, TON) is also what
 * the customer pays; an ISO 4217 code (EUR, KZT) is converted into each accepted asset at a locked rate.
 */
export const PriceCurrencySchema = z
  .string({ error: 'is required' })
  .refine((code) => isAssetCode(code) || isFiatCode(code), {
    error: `unsupported currency: an asset (${ASSET_CODES.join(', ')}) or an ISO 4217 code such as "EUR"`,
  })
  .meta({
    description:
      'What the payment is priced in: an asset the customer pays in (USDT, TON), or an ISO 4217 currency (EUR, USD, KZT, …) converted at a rate locked for the payment',
    example: 'USDT',
  });

/** A price currency that is one of the assets: the payment is in it, with no conversion. */
export const isAssetPriced = (currency: string): currency is AssetCode => isAssetCode(currency);

export const PriceSchema = z
  .object({
    amount: z.string().meta({ description: 'The price as written, in its currency ("3.40")' }),
    currency: z.string().meta({ description: 'An asset code or an ISO 4217 code' }),
  })
  .meta({
    id: 'Price',
    description: 'What the payment is priced at; for an asset-priced payment, its amount and asset',
  });

export const QuoteSchema = z
  .object({
    currency: AssetCodeSchema.meta({ description: 'An asset the customer may pay in' }),
    amount: z
      .string()
      .meta({ description: 'What the customer pays in it: the price at the rate, rounded up to its smallest unit' }),
    rate: z.string().meta({ description: "The price's currency per one whole unit of the asset, an exact decimal" }),
    source: z.string().meta({ description: 'Where the rate came from: tonapi, coingecko, manual or sandbox' }),
    fixedAt: z.iso.datetime().meta({ description: 'When the source fixed the rate' }),
  })
  .meta({ id: 'Quote', description: 'A fiat price in one accepted asset, locked for the payment window' });

export const ToleranceSchema = z
  .object({
    percent: z.string().meta({ description: 'The short payment the store accepts, in percent of the amount ("0.5")' }),
    shortfall: z.string().meta({
      description: 'What a payment settled inside the tolerance lacks of its amount, in its currency ("0.00": none)',
    }),
  })
  .meta({ id: 'Tolerance' });
