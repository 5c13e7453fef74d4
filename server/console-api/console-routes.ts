import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, CONSOLE_COOKIE, consoleTokenOf } from '../auth/guards';
import { acceptedAssets } from '../config/config';
import { notFound } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import {
  ApiKeyListSchema,
  ConsoleSessionSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from '../../contract/console';

/** A console session lasts 12 hours (ConsoleSessions), and so does its cookie. */
export const SESSION_COOKIE_SECONDS = 43200;
export const CONSOLE_API_PREFIX = '/console/api';
const TAGS = ['Console'];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The session cookie. Secure when the request came over TLS, and always when a proxy is trusted:
 * behind a TLS-terminating proxy the browser's side is https even if a hop in between is not.
 */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${CONSOLE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export const isSecure = (app: FastifyInstance, request: FastifyRequest): boolean =>
  request.protocol === 'https' || app.services.config.trustProxy !== false;

export async function consoleApiRoutes(app: FastifyInstance): Promise<void> {
  const { apiKeys, sessions } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/session',
    operationId: 'getConsoleSession',
    tags: TAGS,
    auth: 'staff',
    summary: 'Who is logged in: the owner or a cashier',
    responses: { 200: { description: 'The session is valid', schema: ConsoleSessionSchema } },
    handler: async (_input, request) => ({
      ok: true as const,
      mode: app.services.config.chain.mode,
      role: request.consoleActor!.role,
      name: request.consoleActor!.name,
      acceptedAssets: acceptedAssets(app.services.config),
      storeCurrency: (await app.services.pricing.current()).storeCurrency,
    }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/logout',
    operationId: 'consoleLogout',
    tags: TAGS,
    auth: 'staff',
    summary: 'End this console session',
    responses: { 204: { description: 'Logged out' } },
    handler: async (_input, request, reply) => {
      const token = consoleTokenOf(request);
      if (token) await sessions.end(token);
      reply.header('Set-Cookie', sessionCookie('', 0, isSecure(app, request)));
      return reply.status(204).send();
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api-keys',
    operationId: 'listApiKeys',
    tags: TAGS,
    auth: 'console',
    summary: 'List API keys (never their secrets)',
    responses: { 200: { description: 'Keys', schema: ApiKeyListSchema } },
    handler: async () => ({
      items: (await apiKeys.list()).map((k) => ({
        ...k,
        createdAt: iso(k.createdAt),
        lastUsedAt: iso(k.lastUsedAt),
        revokedAt: iso(k.revokedAt),
      })),
    }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api-keys',
    operationId: 'createApiKey',
    tags: TAGS,
    auth: 'console',
    summary: 'Create an API key; the secret is shown only in this response',
    body: CreateApiKeyBodySchema,
    responses: { 200: { description: 'The new key', schema: CreatedApiKeySchema } },
    handler: async ({ body }, request) => {
      const { key, record } = await apiKeys.create(body.name, actorOf(request));
      return { key, apiKey: { ...record, createdAt: iso(record.createdAt), lastUsedAt: null, revokedAt: null } };
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/api-keys/:id',
    operationId: 'revokeApiKey',
    tags: TAGS,
    auth: 'console',
    summary: 'Revoke an API key',
    params: z.strictObject({ id: z.string().max(64) }),
    responses: { 204: { description: 'Revoked' }, ...errors(404) },
    handler: async ({ params }, request, reply) => {
      if (!(await apiKeys.revoke(params.id, actorOf(request)))) throw notFound(`active API key ${params.id}`);
      return reply.status(204).send();
    },
  });
}
