import type { DeliveryStatus, EndpointStatus } from '../../contract/webhooks';
import type { StoredEvent } from '../events/event-bus';

/** A store-wide webhook endpoint as the service sees it (secrets included: never return this as is). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** event types, or `*` for all */
  events: string[];
  enabled: boolean;
  description: string | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  status: EndpointStatus;
  consecutiveFailures: number;
  failingSince: number | null;
  lastDeliveryAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewEndpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string | null;
  secret: string;
  createdAt: number;
}

/** Where events go: what the outbox needs of an enabled endpoint. */
export type EndpointRoute = Pick<WebhookEndpoint, 'id' | 'url' | 'events'>;

/** What deliveries change on an endpoint. */
export interface EndpointHealth {
  status: EndpointStatus;
  consecutiveFailures: number;
  failingSince: number | null;
  lastDeliveryAt: number | null;
}

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'events'>, type: StoredEvent['type']): boolean =>
  endpoint.events.includes('*') || endpoint.events.includes(type);


export interface Delivery {
  seq: number;
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  endpointId: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
  /** the start of the last attempt's response body */
  lastResponseExcerpt: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

export interface NewDelivery {
  id: string; eventId: string; eventType: string; paymentId: string | null; endpointId: string | null;
  url: string; orderKey: string; createdAt: number; giveUpAt: number;
}

/** An attempt's outcome as the delivery row keeps it. */
export interface DeliverySettlement {
  id: string;
  url: string;
  status: DeliveryStatus;
  nextAttemptAt: number;
  statusCode: number | null;
  error: string | null;
  deliveredAt: number | null;
}

export interface Attempt {
  id: string;
  deliveryId: string;
  at: number;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

/** What the dispatcher needs to send one delivery, read in one query. */
export interface DueDelivery {
  seq: number; id: string; eventId: string; eventType: string; paymentId: string | null; endpointId: string | null;
  url: string; orderKey: string; attempts: number; giveUpAt: number; eventCreatedAt: number; dataJson: string;
  secret: string | null; previousSecret: string | null; previousSecretExpiresAt: number | null;
}

export interface DeliveryFilter {
  paymentId?: string | undefined;
  target?: 'endpoints' | 'callbacks' | undefined;
  status?: DeliveryStatus | undefined;
  endpointId?: string | undefined;
  eventId?: string | undefined;
  beforeSeq?: number | undefined;
  limit: number;
}
