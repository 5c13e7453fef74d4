import { z } from 'zod';
import { AssetCodeSchema } from './asset-schemas';
import { ChainModeSchema } from './chain';
import { AmountSchema } from './payments';

/**
 * The widget's HTTP side: the embed check it asks the service, the options the preview and demo
 * pages take in their query, and the console's preview session. Its postMessage traffic is in
 * embed-messages.ts. The widget package itself imports types only (its bundle must stay tiny).
 */

/** 'iframe-only' embeds the checkout; 'small-widgets' renders a pay button that opens it. */
export const WIDGET_MODES = ['iframe-only', 'small-widgets'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];
/** The pay button's colour scheme: background-text. */
export const BUTTON_COLORS = ['white-black', 'black-white', 'red-white', 'red-black', 'blue-white'] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];

export const EmbedCheckQuerySchema = z.object({
  signature: z.string().min(1).max(4096).meta({ description: 'The EPP signature the container carries' }),
});

/** GET /widgets/embed-check: the calling page may embed the checkout (a refusal is an error body). */
export const EmbedCheckSchema = z
  .object({
    allowed: z.literal(true),
    serviceOrigin: z.string().meta({ description: 'Origin of this service: the checkout frame comes from here' }),
    anyOrigin: z
      .boolean()
      .meta({ description: 'true in sandbox mode when no origin list applies: any page may embed this checkout' }),
  })
  .meta({ id: 'EmbedCheck' });
export type EmbedCheck = z.infer<typeof EmbedCheckSchema>;

export const WidgetPreviewSessionBodySchema = z
  .strictObject({
    amount: AmountSchema.default('10.00'),
    currency: AssetCodeSchema.default('USDT').meta({ description: 'The asset the preview payment is in' }),
    description: z.string().trim().max(200).optional(),
  })
  .prefault({});
export type WidgetPreviewSessionRequest = z.input<typeof WidgetPreviewSessionBodySchema>;

/** POST /console/api/widget-preview/session: a sandbox signature for the console's preview frame. */
export const WidgetPreviewSessionSchema = z
  .object({
    signature: z.string(),
    paymentId: z.string(),
    serviceOrigin: z
      .string()
      .meta({ description: 'The origin the signature was made for: the preview frame loads from here' }),
    mode: ChainModeSchema,
    signatureExpiresAt: z.iso.datetime(),
    amount: z.string(),
  })
  .meta({ id: 'WidgetPreviewSession' });
export type WidgetPreviewSession = z.infer<typeof WidgetPreviewSessionSchema>;

/** GET /widgets/versions.json: every widget build this service serves, for pinning with Subresource Integrity. */
export const WidgetVersionsSchema = z
  .object({
    latest: z.string().meta({ description: 'The version index-latest.js serves now' }),
    latestUrl: z.string().meta({ description: 'Path of the always-newest build (short cache, no SRI)' }),
    versions: z
      .array(
        z.object({
          version: z.string(),
          url: z.string().meta({ description: 'Path of this pinned build, cached for good' }),
          integrity: z.string().meta({ description: "For the script tag's `integrity` attribute (sha384-…)" }),
        }),
      )
      .meta({ description: 'Newest first' }),
  })
  .meta({ id: 'WidgetVersions' });
export type WidgetVersions = z.infer<typeof WidgetVersionsSchema>;
