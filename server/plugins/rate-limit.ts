import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyRecord } from '../auth/api-keys';
import { apiKeyOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';

export interface RateLimitConfig {
  enabled: boolean;
  /** per client address: requests without a valid API key */
  max: number;
  /** per valid API key */
  keyMax: number;
  windowMs: number;
}

/**
 * The budget a request spends: a valid key's own (a shop's backend behind NAT shares its address
 * with the till), else its client address's. Only a verified key earns a bucket of its own, so
 * inventing a key per request buys nothing. IPv6 addresses count per subnet, as one host owns many.
 */
export function rateBucket(key: ApiKeyRecord | null, clientAddress: string): string {
  return key ? `key:${key.id}` : `ip:${normalizeIP(clientAddress)}`;
}

export const budgetOf = (bucket: string, config: Pick<RateLimitConfig, 'max' | 'keyMax'>): number =>
  bucket.startsWith('key:') ? config.keyMax : config.max;

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, config: RateLimitConfig) => {
    if (!config.enabled) return;
    await app.register(rateLimit, {
      global: false,
      timeWindow: config.windowMs,
      keyGenerator: async (request) => rateBucket(await apiKeyOf(request, app.services.apiKeys), request.ip),
      max: (_request, bucket) => budgetOf(bucket, config),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          ErrorCode.rateLimited,
          `rate limit of ${context.max} requests per ${context.after} exceeded; retry later`,
        ),
    });
    const limit = app.rateLimit();
    // One root hook rather than the plugin's per-route ones: route hooks run after each scope's auth
    // hook, so refused requests (no key, a bad key, no session) and unknown paths were never counted.
    app.addHook('onRequest', async function limitRequest(request, reply) {
      if (request.routeOptions.config.rateLimit === false) return;
      await limit.call(this, request, reply);
    });
  },
  { name: 'rate-limit' },
);
