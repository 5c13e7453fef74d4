import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { AppError, ErrorCode } from '../http/errors';

export interface RateLimitConfig {
  enabled: boolean;
  max: number;
  windowMs: number;
}

/** Limits per API key when one is sent (a shop behind NAT shares one IP), else per client IP. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, config: RateLimitConfig) => {
    if (!config.enabled) return;
    await app.register(rateLimit, {
      global: true,
      max: config.max,
      timeWindow: config.windowMs,
      keyGenerator: (request) => {
        const key = request.headers['x-api-key'];
        return typeof key === 'string' ? `key:${createHash('sha256').update(key).digest('hex')}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) =>
        new AppError(429, ErrorCode.rateLimited, `rate limit of ${context.max} requests per ${context.after} exceeded; retry later`),
    });
  },
  { name: 'rate-limit' },
);
