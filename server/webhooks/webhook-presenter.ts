import type { z } from 'zod';
import type { AttemptSchema, DeliverySchema, EndpointSchema } from '../../contract/webhooks';
import type { Attempt, Delivery, WebhookEndpoint } from '../storage/records';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The public view: never the secrets. */
export function presentEndpoint(e: WebhookEndpoint): z.output<typeof EndpointSchema> {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    enabled: e.enabled,
    status: e.status,
    description: e.description,
    createdAt: iso(e.createdAt)!,
    failingSince: iso(e.failingSince),
    lastDeliveryAt: iso(e.lastDeliveryAt),
    // the health count is reset by every success, so it tells how the latest attempt ended
    lastDeliveryOutcome: e.lastDeliveryAt === null ? null : e.consecutiveFailures === 0 ? 'delivered' : 'failed',
  };
}

export function presentDelivery(d: Delivery): z.output<typeof DeliverySchema> {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    paymentId: d.paymentId,
    endpointId: d.endpointId,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: iso(d.createdAt)!,
    deliveredAt: iso(d.deliveredAt),
    state: d.status === 'pending' && d.attempts > 0 ? 'retrying' : d.status,
    lastResponseExcerpt: d.lastResponseExcerpt,
  };
}

export function presentAttempt(a: Attempt): z.output<typeof AttemptSchema> {
  return {
    id: a.id,
    at: iso(a.at)!,
    url: a.url,
    requestHeaders: a.requestHeaders,
    requestBody: a.requestBody,
    responseStatus: a.responseStatus,
    responseBody: a.responseBody,
    durationMs: a.durationMs,
    error: a.error,
  };
}
