import type { ZodType } from 'zod';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  webhookEventSchema,
  type WebhookEventType,
} from '../../contract/webhook-events';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER } from '../webhooks/signing';

type RenderSchema = (schema: ZodType) => Record<string, unknown>;

const HEADERS = [
  {
    name: SIGNATURE_HEADER,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` ' +
      '(the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.',
    example: 't=1795262400,v1=5f2b…',
  },
  {
    name: EVENT_ID_HEADER,
    description: 'The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it',
    example: 'evt_…',
  },
  { name: DELIVERY_ID_HEADER, description: 'This delivery (`whd_…`); a redelivery gets a new one', example: 'whd_…' },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

const DELIVERY = [
  "POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any",
  "(the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.",
].join(' ');

/** `payment.late_partially_paid` -> `onPaymentLatePartiallyPaid`: a stable, camelCase operationId. */
function operationIdOf(type: WebhookEventType): string {
  return `on${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;
}

/**
 * The OpenAPI 3.1 `webhooks` of the document: one per event type, its body the envelope around the
 * schema its `data` is built from (contract/webhook-events.ts), so receivers can be generated too.
 */
export function webhooksOf(render: RenderSchema): Record<string, object> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: operationIdOf(type),
          summary: type,
          description: `${WEBHOOK_EVENTS[type].when}.\n\n${DELIVERY}`,
          tags: ['Webhooks'],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: render(webhookEventSchema(type)) } },
          },
          responses: {
            '2XX': { description: 'Received: any 2xx within 10 seconds ends the delivery' },
            default: { description: 'Anything else (or no answer) is retried with backoff for three days' },
          },
        },
      },
    ]),
  );
}
