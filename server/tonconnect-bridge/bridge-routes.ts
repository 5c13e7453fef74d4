/**
 * The loopback TON Connect HTTP bridge (bridge.md): `GET /bridge/events` streams a client's messages as
 * Server-Sent Events, `POST /bridge/message` queues one for another client. Apps and wallets are the
 * same to it: both are client ids (hex Curve25519 public keys) exchanging end-to-end encrypted bodies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import { SSE_HEADERS } from '../plugins/security-headers';
import { BRIDGE_PATH } from './sandbox-wallet-entry';
import { BridgeFullError, type BridgeMessage, type BridgeStore } from './bridge-store';

export interface BridgeRouteOptions {
  store: BridgeStore;
  /** how often an open stream gets a `heartbeat` event, so proxies and clients keep it open */
  heartbeatMs: number;
  /** streams open at once, all clients together */
  maxStreams: number;
}

const TAGS = ['Sandbox: TON Connect bridge'];
const CLIENT_ID = /^[0-9a-f]{64}$/;
const clientId = z.string().regex(CLIENT_ID, 'must be a client id: 64 hex digits, a session public key');
/** The largest body a client may post: a connect event with a proof and a state init is about 2 KB. */
const MAX_MESSAGE_CHARS = 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const RETRY_MS = 2_000;

const EventsQuerySchema = z.object({
  client_id: z
    .string()
    .regex(/^[0-9a-f]{64}(,[0-9a-f]{64}){0,15}$/, 'must be 1 to 16 client ids (64 hex digits each), comma-separated'),
  last_event_id: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the id of an event this bridge sent')
    .optional(),
});

function messageQuery(maxTtlSeconds: number) {
  return z.object({
    client_id: clientId,
    to: clientId,
    ttl: z.coerce.number().int('must be whole seconds').min(1).max(maxTtlSeconds),
    topic: z.string().max(64).optional(),
  });
}

/**
 * Takes the reply over as an event stream, with the protective headers a hijacked reply misses (the
 * onSend hook does not run). Null for HEAD, which has no body. (payment-pages/sse-hub.ts does the same
 * for the checkout; payment-pages imports this folder, so importing it back would be a cycle.)
 */
function openStream(request: FastifyRequest, reply: FastifyReply): ServerResponse | null {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, SSE_HEADERS);
  if (request.method === 'HEAD') {
    res.end();
    return null;
  }
  res.write(`retry: ${RETRY_MS}\n\n`);
  return res;
}

const frame = (m: BridgeMessage): string =>
  `id: ${m.id}\nevent: message\ndata: ${JSON.stringify({ from: m.from, message: m.message })}\n\n`;
const HEARTBEAT = 'event: heartbeat\ndata: heartbeat\n\n';

/** The bridge's two routes; open streams end when the app closes. */
export async function bridgeRoutes(app: FastifyInstance, options: BridgeRouteOptions): Promise<void> {
  const { store } = options;
  const streams = new Set<ServerResponse>();
  // preClose, not onClose: Fastify waits for open responses before it runs onClose hooks.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });
  // A browser's fetch sends a string body as text/plain: the body is base64 text, not JSON.
  for (const type of ['text/plain', 'application/octet-stream'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_MESSAGE_CHARS }, (_request, body, done) =>
      done(null, body),
    );

  addRoute(app, {
    method: 'GET',
    url: `${BRIDGE_PATH}/events`,
    operationId: 'sandboxBridgeEvents',
    tags: TAGS,
    auth: 'public',
    summary: "A client's bridge messages as Server-Sent Events (sandbox mode)",
    description:
      'One `message` event (`id:`, `data: {"from","message"}`) per message to any of the comma-separated `client_id`s; with `last_event_id`, only those after it. A `heartbeat` event now and then.',
    query: EventsQuerySchema,
    responses: { 200: { description: 'text/event-stream' }, ...errors(429) },
    handler: ({ query }, request, reply) => {
      if (streams.size >= options.maxStreams)
        throw new AppError(429, ErrorCode.rateLimited, 'too many open bridge streams; close some');
      const res = openStream(request, reply);
      if (!res) return;
      streams.add(res);
      res.write(HEARTBEAT);
      const unsubscribe = store.subscribe(
        query.client_id.split(','),
        query.last_event_id === undefined ? null : BigInt(query.last_event_id),
        (m) => res.write(frame(m)),
      );
      const heartbeat = setInterval(() => res.write(HEARTBEAT), options.heartbeatMs).unref();
      res.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
      });
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${BRIDGE_PATH}/message`,
    operationId: 'sandboxBridgeMessage',
    tags: TAGS,
    auth: 'public',
    summary: 'Queue a message for another bridge client (sandbox mode)',
    description: 'The body is the base64 message, kept until `ttl` seconds pass.',
    query: messageQuery(store.limits.maxTtlSeconds),
    rawBody: 'text/plain',
    bodyLimit: MAX_MESSAGE_CHARS,
    responses: { 200: { description: 'Queued' }, ...errors(400, 429) },
    handler: ({ query }, request) => {
      const body = typeof request.body === 'string' ? request.body.trim() : '';
      if (!BASE64.test(body)) throw new AppError(400, ErrorCode.validation, 'body: must be a base64 message', 'body');
      try {
        store.publish(query.client_id, query.to, body, query.ttl);
      } catch (err) {
        if (err instanceof BridgeFullError) throw new AppError(429, ErrorCode.rateLimited, err.message);
        throw err;
      }
      return { message: 'OK', statusCode: 200 };
    },
  });
}
