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
export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = targetUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'http(s) URL receiving POSTed events', example: 'https://shop.example/webhooks/tontill' });

export const SUBSCRIBABLE_EVENTS = ['*', ...PAYMENT_EVENT_TYPES] as const;
export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];
export const EventTypesSchema = z
  .array(z.enum(SUBSCRIBABLE_EVENTS, { error: `must be one of ${SUBSCRIBABLE_EVENTS.join(', ')}` }))
  .min(1, 'subscribe to at least one event')
  .max(SUBSCRIBABLE_EVENTS.length)
  .transform((types) => [...new Set(types)])
  .meta({ description: 'Event types to receive; "*" means all payment and transfer events' });

const Description = z.string().trim().max(500).nullable();
export const GraceHours = z
  .number()
  .int()
  .min(0)
  .max(7 * 24);

export const CreateEndpointBody = z.strictObject({
  url: WebhookUrlSchema,
  events: EventTypesSchema,
  enabled: z.boolean().optional(),
  description: Description.optional(),
});
export type CreateEndpointRequest = z.input<typeof CreateEndpointBody>;
export const UpdateEndpointBody = z.strictObject({
  url: WebhookUrlSchema.optional(),
  events: EventTypesSchema.optional(),
  enabled: z.boolean().optional(),
  description: Description.optional(),
});
export type UpdateEndpointRequest = z.input<typeof UpdateEndpointBody>;
export const RotateBody = z
  .strictObject({
    graceHours: GraceHours.default(24).meta({
      description: 'How long the old secret keeps signing beside the new one',
    }),
  })
  .prefault({});
export const RedeliverBody = z
  .strictObject({
    endpointId: z.string().max(64).optional().meta({ description: 'Only this endpoint; default: current subscribers' }),
  })
  .prefault({});
export const IdParams = z.strictObject({ id: z.string().min(1).max(64) });
export const EventIdParams = z.strictObject({ eventId: z.string().min(1).max(64) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** failing: deliveries to it keep failing (the console shows since when); it is still sent to. */
export const ENDPOINT_STATUSES = ['active', 'failing'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** The delivery log's target filter: store-wide endpoints, or every payment's own callbackUrl. */
export const DELIVERY_TARGETS = ['endpoints', 'callbacks'] as const;
/** What the console shows: a pending delivery that has been tried and failed is retrying, not pending. */
export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The event types a delivery can carry: every subscribable one, and the console's test event. */
export const DELIVERY_EVENT_TYPES = [...PAYMENT_EVENT_TYPES, 'webhook.test'] as const;

export const DeliveriesQuery = z.strictObject({
  paymentId: z.string().max(64).optional(),
  target: z
    .enum(DELIVERY_TARGETS)
    .optional()
    .meta({ description: "callbacks: only deliveries to payments' callbackUrl; endpoints: only store-wide endpoints" }),
  status: z.enum(DELIVERY_STATUSES).optional(),
  endpointId: z.string().max(64).optional(),
  eventId: z.string().max(64).optional(),
  eventType: z
    .enum(DELIVERY_EVENT_TYPES, { error: `must be one of ${DELIVERY_EVENT_TYPES.join(', ')}` })
    .optional()
    .meta({ description: 'Only deliveries of this event type' }),
  state: z
    .enum(DELIVERY_STATES, { error: `must be one of ${DELIVERY_STATES.join(', ')}` })
    .optional()
    .meta({ description: 'Only deliveries in this state (retrying: tried, failed, due again; failed: given up)' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a nextCursor value from a previous page')
    .optional(),
});
/** The delivery log's filters as the console sends them (limit and cursor travel beside them). */
export type DeliveriesFilter = Omit<z.input<typeof DeliveriesQuery>, 'limit' | 'cursor'>;

export const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    status: z.enum(ENDPOINT_STATUSES),
    description: z.string().nullable(),
    createdAt: isoString,
    failingSince: isoString.nullable(),
    lastDeliveryAt: isoString.nullable(),
    lastDeliveryOutcome: z
      .enum(['delivered', 'failed'])
      .nullable()
      .meta({ description: 'How the attempt at lastDeliveryAt ended; null before the first attempt' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export const DeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    paymentId: z.string().nullable(),
    endpointId: z.string().nullable(),
    url: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: isoString.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: isoString,
    deliveredAt: isoString.nullable(),
    state: z
      .enum(DELIVERY_STATES)
      .meta({ description: 'pending: not tried yet; retrying: tried, failed, and due again at nextAttemptAt' }),
    lastResponseExcerpt: z
      .string()
      .nullable()
      .meta({ description: 'The start of the last response body (200 characters)' }),
  })
  .meta({ id: 'WebhookDelivery' });
export const AttemptSchema = z
  .object({
    id: z.string(),
    at: isoString,
    url: z.string(),
    requestHeaders: z.record(z.string(), z.string()),
    requestBody: z.string(),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string().nullable().meta({ description: 'First 4 KB' }),
    durationMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export const CallbackSecretSchema = z
  .object({
    secret: z.string(),
    rotatedAt: isoString,
    previousSecretExpiresAt: isoString.nullable(),
  })
  .meta({ id: 'CallbackSecret' });

/*
 * Views end in `View` where the server keeps a record of the same name (epoch ms, row ids):
 * server/webhooks owns WebhookEndpoint, Delivery and Attempt.
 */
export type WebhookEndpointView = z.infer<typeof EndpointSchema>;
export type WebhookDeliveryView = z.infer<typeof DeliverySchema>;
export type WebhookAttemptView = z.infer<typeof AttemptSchema>;
export type CallbackSecret = z.infer<typeof CallbackSecretSchema>;

export const EndpointListSchema = z.object({ items: z.array(EndpointSchema) });
export type EndpointList = z.infer<typeof EndpointListSchema>;
export const EndpointWithSecretSchema = z.object({
  endpoint: EndpointSchema,
  secret: z.string().meta({ description: 'Shown only in this response' }),
});
export type EndpointWithSecret = z.infer<typeof EndpointWithSecretSchema>;
export const EndpointResultSchema = z.object({ endpoint: EndpointSchema });
export type EndpointResult = z.infer<typeof EndpointResultSchema>;
export const DeliveryResultSchema = z.object({ delivery: DeliverySchema });
export type DeliveryResult = z.infer<typeof DeliveryResultSchema>;
export const DeliveryPageSchema = z.object({ items: z.array(DeliverySchema), nextCursor: z.string().nullable() });
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;
export const DeliveryDetailSchema = z.object({ delivery: DeliverySchema, attempts: z.array(AttemptSchema) });
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;
export const RedeliveredSchema = z.object({ deliveries: z.array(DeliverySchema) });
/** Redelivering one delivery: retried now while it waits for a retry, else a new delivery of its event. */
export const RedeliveredOneSchema = z.object({
  delivery: DeliverySchema,
  retriedNow: z.boolean().meta({ description: 'true: the same delivery, its next attempt brought forward to now' }),
});
export type RedeliveredOne = z.infer<typeof RedeliveredOneSchema>;
export type Redelivered = z.infer<typeof RedeliveredSchema>;
