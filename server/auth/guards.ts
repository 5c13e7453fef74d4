import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import type { ApiKeyRecord } from './api-keys';
import { assertConsoleWrite } from './console-origin';

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
    if (name === CONSOLE_COOKIE) return decodeCookieValue(value.join('='));
  }
  return null;
}

/** Broken percent-encoding cannot be a token we issued: treat it as no session, never as a 500. */
function decodeCookieValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const verifiedKeys = new WeakMap<FastifyRequest, ApiKeyRecord | null>();

/**
 * The live key behind the request's x-api-key, or null. Verified once per request: the rate limiter
 * asks first (to pick the key's budget), the merchant guard reuses the answer.
 */
export function apiKeyOf(request: FastifyRequest, keys: { verify(key: string): ApiKeyRecord | null }): ApiKeyRecord | null {
  const known = verifiedKeys.get(request);
  if (known !== undefined) return known;
  const presented = request.headers['x-api-key'];
  const record = typeof presented === 'string' && presented.length > 0 ? keys.verify(presented) : null;
  verifiedKeys.set(request, record);
  return record;
}

/** Merchant API: only an API key opens it. Registered inside the merchant scope only. */
export function requireApiKey(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) {
      throw new AppError(401, ErrorCode.unauthorized, 'missing x-api-key header');
    }
    const record = apiKeyOf(request, app.services.apiKeys);
    if (!record) throw new AppError(401, ErrorCode.unauthorized, 'invalid or revoked API key');
    request.apiKey = record;
  });
}

/**
 * Console API: only a console session opens it, and a change only when it proves it comes from the
 * console (see consoleWriteRefusal). Registered inside the console scope only.
 */
export function requireConsoleSession(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const token = consoleTokenOf(request);
    if (!token || !app.services.sessions.isValid(token)) {
      throw new AppError(401, ErrorCode.unauthorized, 'console session required; open the login link printed by the service');
    }
    assertConsoleWrite(request, app.services.config.publicUrl);
  });
}
