import { z } from 'zod';
import { PAYMENT_STATUSES } from './payments';

/**
 * postMessage traffic around an embedded checkout. Every message names its sender in `source`;
 * receivers check the exact origin and window first, then the shape. The checkout page and the
 * widget import only the types (zod would outweigh them); the console parses with the schemas.
 */

/** What the checkout page tells the embedding page, and the widget passes on as its events. */
export const EMBED_EVENT_TYPES = ['loaded', 'resize', 'status', 'paid', 'expired'] as const;
export type EmbedEventType = (typeof EMBED_EVENT_TYPES)[number];

/** The payment as the embedding page may see it: the checkout view's public figures. */
const EmbedPaymentFields = {
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  dueAmount: z.string(),
  paidAmount: z.string(),
  /** content height of the checkout in CSS pixels (resize events) */
  height: z.number().optional(),
};

/** Checkout page (in the frame) -> the page that embeds it. */
export const CheckoutMessageSchema = z.object({
  source: z.literal('tontill-checkout'),
  type: z.enum(EMBED_EVENT_TYPES),
  ...EmbedPaymentFields,
});
export type CheckoutMessage = z.infer<typeof CheckoutMessageSchema>;

/** Widget -> its checkout frame, once the frame loaded: "send me the current status". */
export const WidgetHelloSchema = z.object({ source: z.literal('tontill-widget'), type: z.literal('hello') });
export type WidgetHello = z.infer<typeof WidgetHelloSchema>;

/** A widget event as the console's preview frame forwards it (errors carry no payment figures). */
export const PreviewEventSchema = z
  .object(EmbedPaymentFields)
  .partial()
  .extend({
    type: z.union([z.enum(EMBED_EVENT_TYPES), z.literal('error')]),
  });
export type PreviewEvent = z.infer<typeof PreviewEventSchema>;

/** Widget preview document (server/console-api/widget-preview-routes.ts) -> the console that frames it. */
export const PreviewMessageSchema = z.union([
  z.object({ source: z.literal('tontill-widget-preview'), ready: z.literal(true) }),
  z.object({ source: z.literal('tontill-widget-preview'), error: z.string() }),
  z.object({ source: z.literal('tontill-widget-preview'), event: PreviewEventSchema }),
  /** the preview document's own content height, so the console can size its frame to it */
  z.object({ source: z.literal('tontill-widget-preview'), pageHeight: z.number().int().nonnegative() }),
]);
export type PreviewMessage = z.infer<typeof PreviewMessageSchema>;
