import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { invalidInput } from '../domain/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import {
  CallbackSecretSchema,
  CreateEndpointBody,
  DeliveriesQuery,
  DeliveryDetailSchema,
  DeliveryPageSchema,
  DeliveryResultSchema,
  EndpointListSchema,
  EndpointResultSchema,
  EndpointWithSecretSchema as WithSecret,
  EventIdParams,
  IdParams,
  RedeliverBody,
  RedeliveredOneSchema,
  RedeliveredSchema,
  RotateBody,
  UpdateEndpointBody,
  type DeliveryState,
  type DeliveryStatus,
} from '../../contract/webhooks';
import { presentAttempt, presentDelivery, presentEndpoint } from '../webhooks/webhook-presenter';
import type { CallbackSecretSetting } from '../webhooks/webhook-service';
import type { DeliveryFilter } from '../storage/records';

const TAGS = ['Console: webhooks'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Console API for webhooks; register under CONSOLE_API_PREFIX. */
export async function webhookConsoleRoutes(app: FastifyInstance): Promise<void> {
  endpointRoutes(app);
  deliveryRoutes(app);
  callbackSecretRoutes(app);
}

function endpointRoutes(app: FastifyInstance): void {
  const webhooks = app.services.webhooks;
  addRoute(app, {
    method: 'GET',
    url: '/webhooks/endpoints',
    operationId: 'listWebhookEndpoints',
    tags: TAGS,
    auth: 'console',
    summary: 'List webhook endpoints (never their secrets)',
    responses: { 200: { description: 'Endpoints', schema: EndpointListSchema } },
    handler: async () => ({ items: (await webhooks.listEndpoints()).map(presentEndpoint) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints',
    operationId: 'createWebhookEndpoint',
    tags: TAGS,
    auth: 'console',
    summary: 'Add an endpoint; its signing secret is shown only here',
    body: CreateEndpointBody,
    responses: { 200: { description: 'The endpoint and its secret', schema: WithSecret } },
    handler: async ({ body }, request) => {
      const { endpoint, secret } = await webhooks.createEndpoint(body, actorOf(request));
      return { endpoint: presentEndpoint(endpoint), secret };
    },
  });
  addRoute(app, {
    method: 'PATCH',
    url: '/webhooks/endpoints/:id',
    operationId: 'updateWebhookEndpoint',
    tags: TAGS,
    auth: 'console',
    summary: 'Change an endpoint',
    params: IdParams,
    body: UpdateEndpointBody,
    responses: { 200: { description: 'The endpoint', schema: EndpointResultSchema }, ...errors(404) },
    handler: async ({ params, body }, request) => ({
      endpoint: presentEndpoint(await webhooks.updateEndpoint(params.id, body, actorOf(request))),
    }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:id/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    tags: TAGS,
    auth: 'console',
    summary: 'Roll the signing secret; the old one keeps signing beside it for graceHours (default 24)',
    params: IdParams,
    body: RotateBody,
    responses: { 200: { description: 'The endpoint and its new secret', schema: WithSecret }, ...errors(404) },
    handler: async ({ params, body }, request) => {
      const { endpoint, secret } = await webhooks.rotateSecret(params.id, body.graceHours, actorOf(request));
      return { endpoint: presentEndpoint(endpoint), secret };
    },
  });
  addRoute(app, {
    method: 'DELETE',
    url: '/webhooks/endpoints/:id',
    operationId: 'deleteWebhookEndpoint',
    tags: TAGS,
    auth: 'console',
    summary: 'Remove an endpoint; its pending deliveries stop',
    params: IdParams,
    responses: { 204: { description: 'Removed' }, ...errors(404) },
    handler: async ({ params }, request, reply) => {
      await webhooks.deleteEndpoint(params.id, actorOf(request));
      return reply.status(204).send();
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:id/test',
    operationId: 'sendTestWebhook',
    tags: TAGS,
    auth: 'console',
    summary: 'Send a webhook.test event to this endpoint',
    params: IdParams,
    responses: { 200: { description: 'The queued delivery', schema: DeliveryResultSchema }, ...errors(404) },
    handler: async ({ params }) => ({ delivery: presentDelivery(await webhooks.sendTest(params.id)) }),
  });
}

function deliveryRoutes(app: FastifyInstance): void {
  const webhooks = app.services.webhooks;
  addRoute(app, {
    method: 'GET',
    url: '/webhooks/deliveries',
    operationId: 'listWebhookDeliveries',
    tags: TAGS,
    auth: 'staff',
    summary: 'The delivery log, newest first',
    query: DeliveriesQuery,
    responses: { 200: { description: 'A page of deliveries', schema: DeliveryPageSchema } },
    handler: async ({ query }) => {
      const { cursor, limit, state, ...filters } = query;
      const rows = await webhooks.listDeliveries({
        ...filters,
        ...storedStateFilter(state, filters.status),
        beforeSeq: cursor === undefined ? undefined : Number(cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        items: page.map(presentDelivery),
        nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
      };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/webhooks/deliveries/:id',
    operationId: 'getWebhookDelivery',
    tags: TAGS,
    auth: 'staff',
    summary: 'One delivery with every attempt, as sent and as answered',
    params: IdParams,
    responses: { 200: { description: 'The delivery', schema: DeliveryDetailSchema }, ...errors(404) },
    handler: async ({ params }) => {
      const { delivery, attempts } = await webhooks.delivery(params.id);
      return { delivery: presentDelivery(delivery), attempts: attempts.map(presentAttempt) };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/deliveries/:id/redeliver',
    operationId: 'redeliverDelivery',
    tags: TAGS,
    auth: 'console',
    summary: 'Retry a delivery now while it waits for a retry; once finished, queue a new delivery of its event',
    params: IdParams,
    responses: {
      200: { description: 'The delivery retried now, or the new one', schema: RedeliveredOneSchema },
      ...errors(404),
    },
    handler: async ({ params }) => {
      const { delivery, retriedNow } = await webhooks.redeliverDelivery(params.id);
      return { delivery: presentDelivery(delivery), retriedNow };
    },
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/events/:eventId/redeliver',
    operationId: 'redeliverEvent',
    tags: TAGS,
    auth: 'console',
    summary: 'Send an event again (same event id, new deliveries)',
    params: EventIdParams,
    body: RedeliverBody,
    responses: { 200: { description: 'The new deliveries', schema: RedeliveredSchema }, ...errors(404) },
    handler: async ({ params, body }) => ({
      deliveries: (await webhooks.redeliver(params.eventId, body.endpointId)).map(presentDelivery),
    }),
  });
}

/**
 * The states the console shows, as stored rows: retrying and pending are both pending rows, told
 * apart by whether they were tried.
 */
function storedStateFilter(
  state: DeliveryState | undefined,
  status: DeliveryStatus | undefined,
): Pick<DeliveryFilter, 'status' | 'attempted'> {
  if (state === undefined) return {};
  const stored: DeliveryStatus = state === 'retrying' ? 'pending' : state;
  if (status !== undefined && status !== stored) throw invalidInput('state', `a ${status} delivery is never ${state}`);
  return { status: stored, ...(stored === 'pending' ? { attempted: state === 'retrying' } : {}) };
}

function callbackSecretRoutes(app: FastifyInstance): void {
  const webhooks = app.services.webhooks;
  const present = (s: CallbackSecretSetting) => ({
    secret: s.secret,
    rotatedAt: iso(s.rotatedAt)!,
    previousSecretExpiresAt: iso(s.previousSecretExpiresAt),
  });
  addRoute(app, {
    method: 'GET',
    url: '/webhooks/callback-secret',
    operationId: 'getCallbackSecret',
    tags: TAGS,
    auth: 'console',
    summary: 'The store-wide secret signing per-payment callbackUrl deliveries',
    responses: { 200: { description: 'The secret', schema: CallbackSecretSchema } },
    handler: async () => present(await webhooks.callbackSecret()),
  });
  addRoute(app, {
    method: 'POST',
    url: '/webhooks/callback-secret',
    operationId: 'rotateCallbackSecret',
    tags: TAGS,
    auth: 'console',
    summary: 'Roll the callback secret; the old one keeps signing beside it for graceHours (default 24)',
    body: RotateBody,
    responses: { 200: { description: 'The new secret', schema: CallbackSecretSchema } },
    handler: async ({ body }, request) =>
      present(await webhooks.rotateCallbackSecret(body.graceHours, actorOf(request))),
  });
}
