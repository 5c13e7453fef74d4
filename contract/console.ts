import { AssetCodeSchema } from './asset-schemas';
import { ASSETS, isAssetCode } from './asset';
import { parseDecimal } from './amount';
import { fiatDigits } from './fiat';
import { z } from 'zod';
import { AmountSchema, PAYMENT_KINDS, PAYMENT_STATUSES, PaymentSchema, type PaymentStatus } from './payments';
import { PriceCurrencySchema, PriceSchema } from './price-schemas';
import { IncludeTestSchema, TakingsSchema } from './reports';

/**
 * The console API's own answers (under /console/api): the session, API keys, the payments table and
 * detail, the dashboard, backups. Settings are in console-settings.ts, the chain screens in chain.ts.
 */

const iso = z.iso.datetime();

/** Who holds the session: the owner may do everything, a cashier the till, invoices and payments. */
export const CONSOLE_ROLES = ['owner', 'cashier'] as const;
export const ConsoleSessionSchema = z.object({
  ok: z.literal(true),
  mode: z.string(),
  role: z.enum(CONSOLE_ROLES),
  name: z.string().meta({ description: "'owner', or the cashier's name" }),
  acceptedAssets: z
    .array(AssetCodeSchema)
    .meta({ description: 'The assets the store takes now (Settings → Payments), in the registry order' }),
  storeCurrency: z.string().meta({
    description:
      "What the store prices in (Settings → Pricing): an asset code or an ISO 4217 code; cashiers' tills read it here",
  }),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;

/** An API key as listed: never its secret, which only the creating response carries. */
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    createdAt: iso,
    lastUsedAt: iso.nullable(),
    revokedAt: iso.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
export const CreateApiKeyBodySchema = z.strictObject({ name: z.string().trim().min(1).max(80) });
export const CreatedApiKeySchema = z.object({
  key: z.string().meta({ description: 'Shown only in this response' }),
  apiKey: ApiKeySchema,
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** One line of the payments table: what the list shows, nothing that needs a second query. */
export const PaymentRowViewSchema = z
  .object({
    seq: z.number().int(),
    id: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    status: z.enum(PAYMENT_STATUSES),
    currency: AssetCodeSchema,
    amount: z.string(),
    paidAmount: z.string(),
    overpaidAmount: z.string(),
    refundedAmount: z.string(),
    externalId: z.string().nullable(),
    memo: z.string(),
    description: z.string().nullable(),
    late: z.boolean(),
    test: z.boolean().meta({ description: "Made to try the flow (the widget preview's, the demo shop's)" }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    expiresAt: z.string(),
    price: PriceSchema,
    rate: z.string().nullable().meta({
      description:
        "The locked rate of the asset asked (the price's currency per one unit); null when priced in the asset",
    }),
    rateSource: z.string().nullable().meta({ description: 'Where that rate came from: manual, sandbox, tonapi, …' }),
    shortfall: z.string().meta({
      description: 'What a payment settled inside the tolerance lacks of its amount, in its asset ("0.00": none)',
    }),
    tolerancePercent: z.string().meta({ description: 'The short payment the store accepted for it, in percent' }),
  })
  .meta({ id: 'PaymentRow' });
export type PaymentRowView = z.infer<typeof PaymentRowViewSchema>;
export const PaymentRowPageSchema = z.object({
  items: z.array(PaymentRowViewSchema),
  nextCursor: z.string().nullable(),
});
export type PaymentRowPage = z.infer<typeof PaymentRowPageSchema>;

const dateOrTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => Date.parse(v));
export const ConsolePaymentsQuerySchema = z.strictObject({
  status: z.enum(PAYMENT_STATUSES).optional(),
  createdFrom: dateOrTime.optional().meta({ description: 'Inclusive, ISO date or date-time' }),
  createdTo: dateOrTime.optional().meta({ description: 'Exclusive, ISO date or date-time' }),
  q: z
    .string()
    .trim()
    .max(128)
    .optional()
    .meta({ description: "A payment id, a memo, the start of an externalId, or an amount (in each asset's decimals)" }),
  currency: AssetCodeSchema.optional().meta({ description: 'Only payments in this asset' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a nextCursor value from a previous page')
    .optional(),
  includeTest: IncludeTestSchema,
});

/** A step of a payment's timeline: the event and the status and paid amount it left behind. */
export const PaymentTimelineEventSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    createdAt: z.string(),
    status: z.string().nullable(),
    paidAmount: z.string().nullable(),
    note: z.string().nullable().optional().meta({ description: "The merchant's note, on an attached transfer" }),
  })
  .meta({ id: 'PaymentTimelineEvent' });
export type PaymentTimelineEvent = z.infer<typeof PaymentTimelineEventSchema>;
// `test` beside the payment, not in it: the payment is the merchant API's record, which stays as it was.
export const PaymentDetailSchema = z.object({
  payment: PaymentSchema,
  test: z.boolean().meta({ description: "Made to try the flow (the widget preview's, the demo shop's)" }),
  tipAmount: z
    .string()
    .optional()
    .meta({ description: 'The part of the amount that was a tip at the till, when one was given' }),
  events: z.array(PaymentTimelineEventSchema),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

export const CreateInvoiceBodySchema = z.strictObject({
  currency: PriceCurrencySchema.default('USDT').meta({
    description:
      'What the invoice is priced in (USDT unless said): an asset the customer pays in, or an ISO 4217 code converted at a locked rate into each accepted asset',
  }),
  amount: AmountSchema,
  externalId: z.string().trim().min(1).max(128).optional(),
  description: z.string().trim().max(500).optional(),
  tip: AmountSchema.optional().meta({
    description: "The part of `amount` that is a tip (the till adds it to the subtotal), in the price's currency",
  }),
  expiresInSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .optional(),
});
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceBodySchema>;

export const VolumeBucketSchema = z.object({ volume: z.string(), count: z.number().int() });
export type VolumeBucket = z.infer<typeof VolumeBucketSchema>;
export const DailyVolumeSchema = VolumeBucketSchema.extend({
  date: z.string().meta({ description: 'Local date, YYYY-MM-DD' }),
});
export type DailyVolume = z.infer<typeof DailyVolumeSchema>;

export const StatsQuerySchema = z.strictObject({
  tzOffset: z.coerce
    .number()
    .int()
    .min(-900)
    .max(900)
    .default(0)
    .meta({ description: 'Date.getTimezoneOffset() of the console' }),
  days: z.coerce.number().int().min(7).max(90).default(14),
  includeTest: IncludeTestSchema,
});

// An object with one key per status, not z.record(enum): as JSON Schema a record requires keys it never defines.
const statusCounts = z.object(
  Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
    PaymentStatus,
    z.ZodNumber
  >,
);

/** One asset's paid volume: the dashboard shows each asset apart, never USDT added to TON. */
export const AssetVolumeSchema = z
  .object({
    currency: AssetCodeSchema,
    today: VolumeBucketSchema,
    week: VolumeBucketSchema,
    series: z.array(DailyVolumeSchema),
  })
  .meta({ id: 'AssetVolume' });
export type AssetVolume = z.infer<typeof AssetVolumeSchema>;

export const StatsSchema = z
  .object({
    now: z.string(),
    today: VolumeBucketSchema.meta({ description: 'USDT paid today (every asset: `assets`)' }),
    week: VolumeBucketSchema.meta({ description: 'USDT paid this week' }),
    takings: z
      .object({ today: TakingsSchema, week: TakingsSchema })
      .meta({ description: "Today's and this week's takings in the store's time zone, by the daily close's rules" }),
    counts: statusCounts,
    unmatched: z.number().int(),
    series: z.array(DailyVolumeSchema).meta({ description: 'USDT paid per day' }),
    assets: z.array(AssetVolumeSchema).meta({
      description: 'Paid volume per asset the store takes or was paid in over the days shown, in the registry order',
    }),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof StatsSchema>;

export const RestoreStagedSchema = z.object({
  staged: z.literal(true),
  schemaVersion: z.number(),
  payments: z.number(),
  appliedAt: z.literal('next start'),
});
export type RestoreStaged = z.infer<typeof RestoreStagedSchema>;

/** A fresh one-time console login link (`npm run console -- link`); the path is relative to the service. */
export const ConsoleLoginLinkSchema = z.object({
  path: z.string().meta({ description: '/console/login?token=…, to append to the service URL' }),
  expiresAt: z.string(),
});
export type ConsoleLoginLink = z.infer<typeof ConsoleLoginLinkSchema>;

/** The shortest passphrase the console accepts: it guards the console from anyone on the network. */
export const PASSPHRASE_MIN_LENGTH = 12;
/** Whether a sign-in passphrase is set; the passphrase and its hash never leave the service. */
export const ConsolePassphraseStatusSchema = z.object({
  isSet: z.boolean(),
  updatedAt: z.string().nullable(),
  minLength: z.number().int(),
});
export type ConsolePassphraseStatus = z.infer<typeof ConsolePassphraseStatusSchema>;
/** Once a passphrase is set, changing or removing it takes the current one: a session left open is not enough. */
const CurrentPassphrase = z.string().max(200);
export const SetConsolePassphraseBodySchema = z.strictObject({
  passphrase: z.string().min(PASSPHRASE_MIN_LENGTH, `must be at least ${PASSPHRASE_MIN_LENGTH} characters`).max(200),
  currentPassphrase: CurrentPassphrase.optional(),
});
export type SetConsolePassphraseBody = z.infer<typeof SetConsolePassphraseBodySchema>;
export const RemoveConsolePassphraseBodySchema = z.strictObject({ currentPassphrase: CurrentPassphrase });
export type RemoveConsolePassphraseBody = z.infer<typeof RemoveConsolePassphraseBodySchema>;
/** The login page's form (application/x-www-form-urlencoded): a cashier adds their name, the owner leaves it empty. */
export const ConsolePassphraseLoginSchema = z.object({
  passphrase: z.string().max(200),
  name: z.string().max(100).optional(),
});

/** The till's item catalogue: optional, kept in the store's settings; the till builds a cart from it. */
export const MAX_CATALOGUE_ITEMS = 100;
export const CatalogueItemSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1-40 lowercase letters, digits or dashes'),
    name: z.string().trim().min(1, 'is required').max(60),
    // only the shape here: the digits depend on the catalogue's currency (JPY 0, EUR 2, USDT 6), checked by catalogueUnitsOf
    price: AmountSchema.meta({ description: "Decimal price in the catalogue's currency, up to its decimals" }),
  })
  .meta({ id: 'CatalogueItem' });
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;
const catalogueItems = z
  .array(CatalogueItemSchema)
  .max(MAX_CATALOGUE_ITEMS)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'item ids must be unique');
export const CatalogueSchema = z
  .strictObject({
    // a catalogue stored before it stated its currency was written in USDT, the only currency it had
    currency: PriceCurrencySchema.default('USDT').meta({
      description: 'What the prices are in: an asset (USDT, TON) or an ISO 4217 code; the till sells the cart in it',
    }),
    items: catalogueItems,
  })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof CatalogueSchema>;
export const CatalogueUpdateSchema = z
  .strictObject({
    currency: PriceCurrencySchema.optional().meta({
      description: "What the prices are in; absent, the store's currency (Settings → Pricing) as it is now",
    }),
    items: catalogueItems,
  })
  .meta({ id: 'CatalogueUpdate' });
export type CatalogueUpdate = z.infer<typeof CatalogueUpdateSchema>;

/** The minor digits of a price currency: an asset's decimals (USDT 6, TON 9), a fiat code's (EUR 2, JPY 0). */
export const priceDigitsOf = (currency: string): number =>
  isAssetCode(currency) ? ASSETS[currency].decimals : fiatDigits(currency);

/** Large enough for any till sale, small enough that a cart of 999 of each stays exact and printable. */
const CATALOGUE_PRICE_MAX_WHOLE = 10n ** 12n;

/**
 * A catalogue price in the smallest unit of `currency` ("3.40" EUR → 340n), or why it is none
 * ("JPY has 0 decimals"): the one check of a price against its currency, for the route and the till.
 */
export function catalogueUnitsOf(
  price: string,
  currency: string,
): { ok: true; units: bigint } | { ok: false; message: string } {
  const digits = priceDigitsOf(currency);
  const parsed = parseDecimal(price, CATALOGUE_PRICE_MAX_WHOLE * 10n ** BigInt(digits), digits);
  if (parsed.ok) return { ok: true, units: parsed.value };
  if (parsed.problem === 'too_many_decimals') return { ok: false, message: `${currency} has ${digits} decimals` };
  return { ok: false, message: parsed.message };
}

/**
 * What the ledger lets the console offer. The console goes by these, not by the engine's name, so
 * another engine (or a SQLite ledger backed up by other means) needs no change there.
 */
export const LEDGER_BACKUPS = ['file', 'external'] as const;
export const LedgerCapabilitiesSchema = z
  .object({
    backups: z.enum(LEDGER_BACKUPS).meta({
      description:
        "'file': TonTill backs the ledger up itself (Settings → Backups, the /console/api/backups routes); 'external': the database is backed up outside TonTill (pg_dump) and those routes do not exist",
    }),
    sharedLedger: z
      .boolean()
      .meta({ description: 'Several instances share the ledger: one of them watches the chain, the others stand by' }),
  })
  .meta({ id: 'LedgerCapabilities' });
export type LedgerCapabilities = z.infer<typeof LedgerCapabilitiesSchema>;

/**
 * Where the ledger lives, for the console to say what stands for its backups: a SQLite file backed
 * up from Settings → Backups, or PostgreSQL shared by several instances and backed up with pg_dump.
 */
export const LEDGER_ENGINES = ['sqlite', 'postgres'] as const;
export const LedgerInfoSchema = z
  .object({
    engine: z.enum(LEDGER_ENGINES).meta({
      description:
        "'sqlite': a file in the data directory (Settings → Backups); 'postgres': shared by the store's instances, backed up with pg_dump. The console goes by `capabilities`",
    }),
    instance: z.string().nullable().meta({ description: "This instance's id on a shared ledger; null on SQLite" }),
    watching: z.boolean().meta({
      description:
        'Whether this instance runs the chain watcher now (on a shared ledger only the one holding the lease does)',
    }),
    capabilities: LedgerCapabilitiesSchema,
  })
  .meta({ id: 'LedgerInfo' });
export type LedgerInfo = z.infer<typeof LedgerInfoSchema>;
