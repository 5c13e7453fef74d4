import { z } from 'zod';
import { AssetCodeSchema } from './asset-schemas';
import { ChainModeSchema } from './chain';
import { OriginSchema } from './payments';

/** The store's embedding origins: each one is written into every framed checkout's CSP. */
export const MAX_ALLOWED_ORIGINS = 20;

/** The chain settings as shown: the toncenter API key only as "there is one". */
export const ChainSettingsSchema = z
  .object({
    mode: ChainModeSchema,
    merchantAddress: z.string(),
    toncenterEndpoint: z.string(),
    hasToncenterApiKey: z.boolean(),
    jettonMaster: z.string(),
  })
  .meta({ id: 'ChainSettings' });
export type ChainSettings = z.infer<typeof ChainSettingsSchema>;

export const PaymentWindowsSchema = z
  .object({
    defaultExpirySeconds: z.number().int(),
    monitoringWindowSeconds: z.number().int(),
    acceptedAssets: z.array(AssetCodeSchema).meta({
      description: 'The assets the store takes, in the registry order (unset: all in sandbox mode, USDT otherwise)',
    }),
  })
  .meta({ id: 'PaymentWindows' });
export type PaymentWindows = z.infer<typeof PaymentWindowsSchema>;

/** A page that tried to embed a checkout and was refused by the store's list, waiting for approval. */
export const RefusedOriginViewSchema = z.object({
  origin: z.string(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export type RefusedOriginView = z.infer<typeof RefusedOriginViewSchema>;

const RunningOrSavedSchema = z.object({ chain: ChainSettingsSchema, payments: PaymentWindowsSchema });

export const SettingsViewSchema = z
  .object({
    running: RunningOrSavedSchema.meta({ description: 'What the service runs with now' }),
    saved: RunningOrSavedSchema.meta({ description: 'What config.json says: applies at the next start' }),
    restartRequired: z.boolean(),
    allowedOrigins: z.array(z.string()),
    refusedOrigins: z.array(RefusedOriginViewSchema),
    dataDir: z.string(),
    configFile: z.string(),
    restoreStaged: z.boolean(),
  })
  .meta({ id: 'Settings', description: 'Settings; the toncenter API key is never returned' });
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/** What the console may change. Chain and payment windows go to config.json (applied at restart). */
export const SettingsBodySchema = z.strictObject({
  chain: z.strictObject({
    mode: ChainModeSchema,
    merchantAddress: z.string().trim().max(100).default(''),
    toncenterEndpoint: z.string().trim().max(300).default(''),
    /** omitted: keep the saved key; '' removes it */
    toncenterApiKey: z.string().trim().max(200).optional(),
    jettonMaster: z.string().trim().max(100).default(''),
  }),
  payments: z.strictObject({
    defaultExpirySeconds: z
      .number()
      .int()
      .min(60, 'must be at least 60 seconds')
      .max(7 * 24 * 3600, 'must be at most 7 days'),
    monitoringWindowSeconds: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 3600, 'must be at most 30 days'),
    /** omitted: keep what config.json says */
    acceptedAssets: z
      .array(AssetCodeSchema)
      .min(1, 'choose at least one asset')
      .refine((list) => new Set(list).size === list.length, 'must not name an asset twice')
      .optional(),
  }),
  allowedOrigins: z
    .array(z.string().trim().max(255))
    .max(MAX_ALLOWED_ORIGINS, `at most ${MAX_ALLOWED_ORIGINS} origins`),
});
/** The settings as the service reads them (defaults applied); the console sends every field anyway. */
export type SettingsInput = z.output<typeof SettingsBodySchema>;

export const SettingsProblemSchema = z.object({ field: z.string(), message: z.string() });
export type SettingsProblem = z.infer<typeof SettingsProblemSchema>;
export const SettingsCheckSchema = z.object({ valid: z.boolean(), problems: z.array(SettingsProblemSchema) });
export type SettingsCheck = z.infer<typeof SettingsCheckSchema>;

export const AllowOriginBodySchema = z.strictObject({ origin: OriginSchema });
export const RefusedOriginQuerySchema = z.strictObject({ origin: z.string().max(255) });

/** The store's name and contact as the checkout shows them to customers ('' = not set). */
export const StoreProfileBodySchema = z
  .object({
    name: z.string().trim().max(80),
    contact: z
      .union([z.literal(''), z.email().max(200), z.url({ protocol: /^https$/ }).max(200)])
      .meta({ description: 'An e-mail address or an https URL, for "Already paid? Contact …" on the checkout' }),
  })
  .meta({ id: 'StoreProfileBody' });
export type StoreProfileInput = z.infer<typeof StoreProfileBodySchema>;

export const StoreProfileSchema = StoreProfileBodySchema.extend({
  /** where the service serves the uploaded logo, or null */
  logoUrl: z.string().nullable(),
}).meta({ id: 'StoreProfile' });
export type StoreProfile = z.infer<typeof StoreProfileSchema>;

/** Small PNG or JPEG only (never SVG: it can carry script), served with its exact content type. */
export const STORE_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const STORE_LOGO_MAX_BYTES = 64 * 1024;
export const StoreLogoBodySchema = z
  .object({
    type: z.enum(STORE_LOGO_TYPES),
    /** the image, base64 */
    data: z.base64().max(Math.ceil(STORE_LOGO_MAX_BYTES / 3) * 4),
  })
  .meta({ id: 'StoreLogoBody' });
export type StoreLogoInput = z.infer<typeof StoreLogoBodySchema>;

/** The canonical IANA name of a time zone this runtime knows ("europe/berlin" -> "Europe/Berlin"), or null. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The store's time zone: where its days begin and end (the daily close). */
export const TimeZoneBodySchema = z
  .strictObject({
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((zone) => canonicalTimeZone(zone) !== null, 'must be an IANA time zone name such as "Europe/Berlin"')
      .meta({ description: 'An IANA time zone name', example: 'Europe/Berlin' }),
  })
  .meta({ id: 'TimeZoneBody' });
export type TimeZoneInput = z.infer<typeof TimeZoneBodySchema>;

export const TimeZoneSettingSchema = z
  .object({
    timeZone: z.string().meta({ description: "The store's time zone: the owner's choice, else the machine's" }),
    machineTimeZone: z.string().meta({ description: 'The zone of the computer that runs the service' }),
  })
  .meta({ id: 'TimeZoneSetting' });
export type TimeZoneSetting = z.infer<typeof TimeZoneSettingSchema>;

/** At most three tip buttons fit beside "Custom" and "No tip" on a phone-sized till. */
export const MAX_TIP_PRESETS = 3;

/**
 * Tips at the till: off until the owner turns them on (as in BTCPay's Point of Sale), so a sale
 * goes straight to the QR; when on, up to three percent buttons, each in whole percent.
 */
export const TipSettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    presets: z
      .array(z.number().int('must be whole percents').min(1, 'must be at least 1%').max(100, 'must be at most 100%'))
      .min(1, 'needs at least one percentage')
      .max(MAX_TIP_PRESETS, `at most ${MAX_TIP_PRESETS} percentages`),
  })
  .meta({ id: 'TipSettings', description: 'Tips at the till: on or off, and the percent buttons' });
export type TipSettings = z.infer<typeof TipSettingsSchema>;

export const DEFAULT_TIP_SETTINGS: TipSettings = { enabled: false, presets: [10, 15, 20] };
