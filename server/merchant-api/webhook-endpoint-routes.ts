import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../http/route';
import { errors } from '../http/responses';
import { CreateEndpointBody, EndpointListSchema, EndpointWithSecretSchema, IdParams } from '../../contract/webhooks';
import { presentEndpoint } from '../webhooks/webhook-presenter';

const TAGS = ['Webhook endpoints'];

/** Who made the change, for the audit log: the key's name and public prefix, never the key. */
function apiKeyActor(request: FastifyRequest): string {
  const key = request.apiKey;
  return key ? `api key ${key.name} (${key.prefix}…)` : 'api key';
}

/**
 * Store-wide webhook endpoints for a headless shop: the console's endpoint routes, under the merchant
 * API key. The same service calls, so an endpoint made here is stored, signed and audited as one made
 * in the console; its secret is in the creation answer only.
 */
export async function webhookEndpointRoutes(app: FastifyInstance): Promise<void> {
  const { webhooks } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/crypto/webhook-endpoints',
    operationId: 'listStoreWebhookEndpoints',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'List the store-wide webhook endpoints (never their secrets)',
    responses: { 200: { description: 'Endpoints', schema: EndpointListSchema } },
    handler: async () => ({ items: (await webhooks.listEndpoints()).map(presentEndpoint) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/crypto/webhook-endpoints',
    operationId: 'addStoreWebhookEndpoint',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Add a store-wide endpoint; its signing secret is in this answer only',
    description:
      'It receives the event types in `events` (`"*"`: all) for every payment, signed with its own secret (`TonTill-Signature`).',
    body: CreateEndpointBody,
    responses: { 200: { description: 'The endpoint and its secret', schema: EndpointWithSecretSchema } },
    handler: async ({ body }, request) => {
      const { endpoint, secret } = await webhooks.createEndpoint(body, apiKeyActor(request));
      return { endpoint: presentEndpoint(endpoint), secret };
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/crypto/webhook-endpoints/:id',
    operationId: 'removeStoreWebhookEndpoint',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Remove an endpoint; deliveries still waiting for it stop',
    params: IdParams,
    responses: { 204: { description: 'Removed' }, ...errors(404) },
    handler: async ({ params }, request, reply) => {
      await webhooks.deleteEndpoint(params.id, apiKeyActor(request));
      return reply.status(204).send();
    },
  });
}
