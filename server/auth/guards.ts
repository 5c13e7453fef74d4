import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import type { ApiKeyRecord } from './api-keys';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
  }
}

export const CONSOLE_COOKIE = 'tontill_console';

/** The console token from `Authorization: Bearer` (desktop) or the HttpOnly cookie (browser). */
export function consoleTokenOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim();
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** Merchant API: only an API key opens it. Registered inside the merchant scope only. */
export function requireApiKey(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) {
      throw new AppError(401, ErrorCode.unauthorized, 'missing x-api-key header');
    }
    const record = app.services.apiKeys.verify(key);
    if (!record) throw new AppError(401, ErrorCode.unauthorized, 'invalid or revoked API key');
    request.apiKey = record;
  });
}

/** Console API: only a console session opens it. Registered inside the console scope only. */
export function requireConsoleSession(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const token = consoleTokenOf(request);
    if (!token || !app.services.sessions.isValid(token)) {
      throw new AppError(401, ErrorCode.unauthorized, 'console session required; open the login link printed by the service');
    }
  });
}
