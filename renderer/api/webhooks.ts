import { get, post, request } from './client';
import type { Attempt, Delivery, WebhookEndpoint } from './types';

export interface EndpointInput {
  url: string;
  events: string[];
  enabled?: boolean;
  description?: string | null;
}

export interface DeliveryFilter {
  paymentId?: string;
  status?: string;
  endpointId?: string;
  eventId?: string;
}

export const webhooksApi = {
  endpoints: () => get<{ items: WebhookEndpoint[] }>('/webhooks/endpoints'),
  create: (input: EndpointInput) => post<{ endpoint: WebhookEndpoint; secret: string }>('/webhooks/endpoints', input),
  update: (id: string, input: Partial<EndpointInput>) => request<{ endpoint: WebhookEndpoint }>('PATCH', `/webhooks/endpoints/${id}`, input),
  rotate: (id: string) => post<{ endpoint: WebhookEndpoint; secret: string }>(`/webhooks/endpoints/${id}/rotate-secret`, {}),
  test: (id: string) => post<{ delivery: Delivery }>(`/webhooks/endpoints/${id}/test`),
  deliveries: (filter: DeliveryFilter, cursor: string | null = null, limit = 50) =>
    get<{ items: Delivery[]; nextCursor: string | null }>('/webhooks/deliveries', { ...filter, cursor, limit }),
  delivery: (id: string) => get<{ delivery: Delivery; attempts: Attempt[] }>(`/webhooks/deliveries/${id}`),
  redeliver: (eventId: string, endpointId?: string) =>
    post<{ deliveries: Delivery[] }>(`/webhooks/events/${eventId}/redeliver`, endpointId ? { endpointId } : {}),
};
