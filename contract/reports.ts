import { z } from 'zod';
import { AssetCodeSchema } from './asset-schemas';

/**
 * Payments made to try the flow (the console's widget preview, the demo shop) are left out of the
 * takings unless asked for: `includeTest=true`.
 */
export const IncludeTestSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true')
  .meta({ description: "Count test payments (the widget preview's, the demo shop's) too; left out by default" });

/** The longest report over a range: a year and a leap day, so any calendar year or month fits. */
export const LONGEST_REPORT_DAYS = 366;

/**
 * The daily close asks for one local day of the store (without `date`, today in the store's time zone),
 * or for the days `date` through `through`: a week, a month, any dates.
 */
export const CloseDayQuerySchema = z.strictObject({
  date: z.iso
    .date()
    .optional()
    .meta({ description: "A day (YYYY-MM-DD) in the store's time zone; today when omitted", example: '2026-03-29' }),
  through: z.iso
    .date()
    .optional()
    .meta({
      description: `The last day of a range starting at \`date\` (inclusive, at most ${LONGEST_REPORT_DAYS} days); one day when omitted`,
      example: '2026-03-31',
    }),
  includeTest: IncludeTestSchema,
});
export type CloseDayQuery = z.infer<typeof CloseDayQuerySchema>;

const FigureSchema = z.object({
  count: z.number().int().meta({ description: 'How many' }),
  total: z.string().meta({ description: "A decimal string in the asset's decimals" }),
});
export type CloseDayFigure = z.infer<typeof FigureSchema>;

/** Part of the taken in, never added to it again: the till's tips on the payments completed in the span. */
const TipsSchema = FigureSchema.meta({
  description: 'Of the taken in, the tips given at the till on payments completed in the span: how many, and their sum',
});

/** A close's figures in one asset: amounts in two assets are never added up. */
const CloseDayFiguresSchema = z.object({
  paid: FigureSchema.meta({ description: 'Completed that day, exactly the amount asked' }),
  overpaid: FigureSchema.extend({
    extra: z.string().meta({ description: 'The part beyond the amounts asked' }),
  }).meta({ description: 'Completed that day with more than asked: all they brought in' }),
  partiallyPaid: FigureSchema.meta({
    description: 'Created that day, never completed, holding money: what they hold',
  }),
  expired: FigureSchema.meta({
    description: 'Ran out that day without completing: the amounts they asked for (not takings)',
  }),
  refunded: FigureSchema.meta({
    description: 'Refunds sent that day (and not bounced), whatever day their payment was',
  }),
  takenIn: FigureSchema.meta({ description: 'paid + overpaid + partiallyPaid' }),
  netTakings: z.string().meta({ description: 'takenIn - refunded; negative when more went back than came in' }),
  tips: TipsSchema,
});
export type CloseDayFigures = z.infer<typeof CloseDayFiguresSchema>;

/** A fiat price currency's total over the completed payments priced in it: exact, in its minor digits. */
export const PriceTotalSchema = z
  .object({
    currency: z.string().meta({ description: 'An ISO 4217 code', example: 'EUR' }),
    count: z.number().int().meta({ description: 'How many completed payments were priced in it' }),
    total: z.string().meta({ description: "Their prices' sum, in the currency's minor digits", example: '3.40' }),
  })
  .meta({ id: 'PriceTotal' });
export type PriceTotal = z.infer<typeof PriceTotalSchema>;

/** After tips, where they were added: the fiat prices and the tolerated shortfalls of one asset's payments. */
const CloseDayFiatFiguresSchema = z.object({
  settledShort: FigureSchema.meta({
    description:
      "Of the paid, those that settled short of their amount inside the store's tolerance: the shortfalls' sum",
  }),
  prices: z.array(PriceTotalSchema).meta({
    description: 'Of the paid and overpaid in this asset, the fiat-priced ones: their prices per price currency',
  }),
});

export const CloseDayAssetSchema = CloseDayFiguresSchema.extend({
  currency: AssetCodeSchema,
  ...CloseDayFiatFiguresSchema.shape,
}).meta({
  id: 'CloseDayAsset',
  description: "One asset's close: a line per asset, each in its own decimals",
});
export type CloseDayAsset = z.infer<typeof CloseDayAssetSchema>;

/**
 * One day at the till. Each payment holding money counts once: paid and overpaid on the day it
 * completed, partially paid on the day it was created; takenIn is their sum and netTakings takenIn
 * less the refunds sent that day. Expired lists what ran out that day (the amounts asked), outside the takings.
 * The figures at the top level are USDT's, as before Toncoin; `assets` has every asset's, USDT's too.
 */
export const CloseDayReportSchema = z
  .object({
    store: z.string().meta({ description: "The store's name ('' when not set)" }),
    date: z.iso.date().meta({ description: 'The (first) day' }),
    timeZone: z.string(),
    from: z.iso.datetime().meta({ description: 'When the day began (inclusive)' }),
    to: z.iso.datetime().meta({ description: 'When it ended (exclusive)' }),
    hours: z.number().meta({ description: '24 a day, or one less or more for a daylight-saving change' }),
    ...CloseDayFiguresSchema.omit({ tips: true }).shape,
    generatedAt: z.iso.datetime(),
    through: z.iso.date().meta({ description: 'The last day, inclusive: `date` itself for one day' }),
    days: z.number().int().meta({ description: 'How many days the report covers' }),
    includeTest: z.boolean().meta({ description: 'Whether test payments were counted' }),
    // after includeTest, where it was added: the fields keep the order they had
    tips: TipsSchema,
    assets: z.array(CloseDayAssetSchema).meta({
      description: 'A close per asset the store takes or was paid in over the span, in the registry order',
    }),
    prices: z.array(PriceTotalSchema).optional().meta({
      description:
        'The fiat prices of the payments completed in the span, per price currency over every asset; absent when none was fiat-priced',
    }),
  })
  .meta({ id: 'CloseDayReport' });
export type CloseDayReport = z.infer<typeof CloseDayReportSchema>;

/** What a span took in one asset, as the dashboard shows it beside the close. */
const TakingsFiguresSchema = z.object({
  takenIn: FigureSchema.meta({ description: 'paid + overpaid + partially paid, as in the close' }),
  beyondAmount: z.string().meta({ description: 'Of the taken in, what overpayments brought beyond the amounts asked' }),
  refunded: FigureSchema,
  netTakings: z.string(),
  tips: TipsSchema,
});

export const AssetTakingsSchema = TakingsFiguresSchema.extend({ currency: AssetCodeSchema }).meta({
  id: 'AssetTakings',
});
export type AssetTakings = z.infer<typeof AssetTakingsSchema>;

/**
 * What a day (or any span) took, as the dashboard shows it beside the close: the same figures, by the
 * same rules, in the store's time zone. At the top level USDT's, as before Toncoin; `assets` per asset.
 */
export const TakingsSchema = z
  .object({
    date: z.iso.date().meta({ description: 'The first day' }),
    through: z.iso.date().meta({ description: 'The last day, inclusive' }),
    timeZone: z.string(),
    ...TakingsFiguresSchema.shape,
    includeTest: z.boolean().meta({ description: 'Whether test payments were counted' }),
    assets: z.array(AssetTakingsSchema).meta({ description: 'The takings per asset, in the registry order' }),
    // after assets, where they were added: what the store prices in, and its prices' totals
    storeCurrency: z.string().meta({
      description: 'What the store prices in now: an asset code, or an ISO 4217 code whose total leads `prices`',
      example: 'EUR',
    }),
    prices: z.array(PriceTotalSchema).meta({
      description:
        "The fiat prices of the payments completed in the span (paid and overpaid, in whatever asset), per price currency: the store's currency first when it is one (at 0 when nothing was priced in it), then any other by code. Asset-priced payments are only in the asset figures",
    }),
  })
  .meta({ id: 'Takings' });
export type Takings = z.infer<typeof TakingsSchema>;
