import { get, post, request } from '../../api/client';
import {
  CallbackSecretSchema,
  DeliveryDetailSchema,
  DeliveryPageSchema,
  DeliveryResultSchema,
  EndpointListSchema,
  EndpointResultSchema,
  EndpointWithSecretSchema,
  RedeliveredOneSchema,
  RedeliveredSchema,
  type CreateEndpointRequest,
  type DeliveriesFilter,
  type UpdateEndpointRequest,
} from '../../../contract/webhooks';

export const webhooksApi = {
  endpoints: () => get(EndpointListSchema, '/webhooks/endpoints'),
  create: (input: CreateEndpointRequest) => post(EndpointWithSecretSchema, '/webhooks/endpoints', input),
  update: (id: string, input: UpdateEndpointRequest) =>
    request(EndpointResultSchema, 'PATCH', `/webhooks/endpoints/${id}`, input),
  rotate: (id: string) => post(EndpointWithSecretSchema, `/webhooks/endpoints/${id}/rotate-secret`, {}),
  test: (id: string) => post(DeliveryResultSchema, `/webhooks/endpoints/${id}/test`),
  deliveries: (filter: DeliveriesFilter, cursor: string | null = null, limit = 50) =>
    get(DeliveryPageSchema, '/webhooks/deliveries', { ...filter, cursor, limit }),
  delivery: (id: string) => get(DeliveryDetailSchema, `/webhooks/deliveries/${id}`),
  callbackSecret: () => get(CallbackSecretSchema, '/webhooks/callback-secret'),
  rotateCallbackSecret: () => post(CallbackSecretSchema, '/webhooks/callback-secret', {}),
  redeliverDelivery: (id: string) => post(RedeliveredOneSchema, `/webhooks/deliveries/${id}/redeliver`),
  redeliver: (eventId: string, endpointId?: string) =>
    post(RedeliveredSchema, `/webhooks/events/${eventId}/redeliver`, endpointId ? { endpointId } : {}),
};
