import { z } from 'zod';
import { PAYMENT_EVENT_TYPES } from './payments';

const isoString = z.iso.datetime();

/** Only http(s) URLs without credentials are sent to; anything else fails without a request. */
export function targetUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http(s) URLs are allowed';
  if (parsed.username || parsed.password) return 'credentials in URLs are not allowed';
  return null;
}


/** http(s) only, no credentials; loopback and private hosts are allowed (merchants self-host). */
export const WebhookUrlSchema = z.string().trim().max(2048).superRefine((value, ctx) => {
  const problem = targetUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}).meta({ description: 'http(s) URL receiving POSTed events', example: 'https://shop.example/webhooks/tontill' });

export const SUBSCRIBABLE_EVENTS = ['*', ...PAYMENT_EVENT_TYPES] as const;
export const EventTypesSchema = z.array(z.enum(SUBSCRIBABLE_EVENTS, { error: `must be one of ${SUBSCRIBABLE_EVENTS.join(', ')}` }))
  .min(1, 'subscribe to at least one event').max(SUBSCRIBABLE_EVENTS.length)
  .transform((types) => [...new Set(types)])
  .meta({ description: 'Event types to receive; "*" means all payment and transfer events' });

const Description = z.string().trim().max(500).nullable();
export const GraceHours = z.number().int().min(0).max(7 * 24);

export const CreateEndpointBody = z.strictObject({
  url: WebhookUrlSchema, events: EventTypesSchema, enabled: z.boolean().optional(), description: Description.optional(),
});
export const UpdateEndpointBody = z.strictObject({
  url: WebhookUrlSchema.optional(), events: EventTypesSchema.optional(), enabled: z.boolean().optional(), description: Description.optional(),
});
export const RotateBody = z.strictObject({
  graceHours: GraceHours.default(24).meta({ description: 'How long the old secret keeps signing beside the new one' }),
}).prefault({});
export const RedeliverBody = z.strictObject({
  endpointId: z.string().max(64).optional().meta({ description: 'Only this endpoint; default: current subscribers' }),
}).prefault({});
export const IdParams = z.strictObject({ id: z.string().min(1).max(64) });
export const EventIdParams = z.strictObject({ eventId: z.string().min(1).max(64) });

export const DeliveriesQuery = z.strictObject({
  paymentId: z.string().max(64).optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
  endpointId: z.string().max(64).optional(),
  eventId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().regex(/^\d{1,15}$/, 'must be a nextCursor value from a previous page').optional(),
});

export const EndpointSchema = z.object({
  id: z.string(), url: z.string(), events: z.array(z.string()), enabled: z.boolean(),
  status: z.enum(['active', 'failing']), description: z.string().nullable(), createdAt: isoString,
  failingSince: isoString.nullable(), lastDeliveryAt: isoString.nullable(),
}).meta({ id: 'WebhookEndpoint' });
export const DeliverySchema = z.object({
  id: z.string(), eventId: z.string(), eventType: z.string(), paymentId: z.string().nullable(), endpointId: z.string().nullable(),
  url: z.string(), status: z.enum(['pending', 'delivered', 'failed']), attempts: z.number().int(),
  nextAttemptAt: isoString.nullable(), lastStatusCode: z.number().int().nullable(), lastError: z.string().nullable(),
  createdAt: isoString, deliveredAt: isoString.nullable(),
}).meta({ id: 'WebhookDelivery' });
export const AttemptSchema = z.object({
  id: z.string(), at: isoString, url: z.string(), requestHeaders: z.record(z.string(), z.string()), requestBody: z.string(),
  responseStatus: z.number().int().nullable(), responseBody: z.string().nullable().meta({ description: 'First 4 KB' }),
  durationMs: z.number().int(), error: z.string().nullable(),
}).meta({ id: 'WebhookAttempt' });
export const CallbackSecretSchema = z.object({
  secret: z.string(), rotatedAt: isoString, previousSecretExpiresAt: isoString.nullable(),
}).meta({ id: 'CallbackSecret' });
