import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '../http/errors';
import type { RouteAuth } from '../http/route';
import type { ApiKeyRecord } from './api-keys';
import { assertConsoleWrite } from './console-origin';
import { auditActor, roleMayCall, type ConsoleActor, type ConsoleAuth } from './console-roles';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
    /** the x-api-key's verification, once asked for (a request decoration: see apiKeyOf) */
    apiKeyCheck: Promise<ApiKeyRecord | null> | null;
    /** who holds the console session of a console or staff route (set by its guard) */
    consoleActor?: ConsoleActor;
  }
  interface FastifyContextConfig {
    /** Who may call the route; routeAuthPlugin turns it into the route's guard. */
    auth?: RouteAuth;
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

/**
 * The live key behind the request's x-api-key, or null. Verified once per request: the rate limiter
 * asks first (to pick the key's budget), the API key guard reuses the answer. Kept on the request
 * itself (decorated in routeAuthPlugin, so every request has the field from the start): a WeakMap
 * keyed by request cost 2 % of a status lookup.
 */
export function apiKeyOf(
  request: FastifyRequest,
  keys: { verify(key: string): Promise<ApiKeyRecord | null> },
): Promise<ApiKeyRecord | null> {
  if (request.apiKeyCheck) return request.apiKeyCheck;
  const presented = request.headers['x-api-key'];
  request.apiKeyCheck =
    typeof presented === 'string' && presented.length > 0 ? keys.verify(presented) : Promise.resolve(null);
  return request.apiKeyCheck;
}

/** Merchant API: only a live API key opens it. */
function apiKeyGuard(app: FastifyInstance): onRequestHookHandler {
  return async function requireApiKey(request) {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) {
      throw new AppError(401, ErrorCode.unauthorized, 'missing x-api-key header');
    }
    const record = await apiKeyOf(request, app.services.apiKeys);
    if (!record) throw new AppError(401, ErrorCode.unauthorized, 'invalid or revoked API key');
    request.apiKey = record;
  };
}

/** The request's console actor as the audit log names it; only a route behind a console guard has one. */
export function actorOf(request: FastifyRequest): string {
  if (!request.consoleActor)
    throw new Error(`${request.method} ${request.url} has no console session: actorOf is for console routes`);
  return auditActor(request.consoleActor);
}

/**
 * Console API: only a console session opens it, an owner-only route ('console') only the owner's,
 * and a change only when it proves it comes from the console (see consoleWriteRefusal).
 */
function consoleSessionGuard(app: FastifyInstance, auth: ConsoleAuth): onRequestHookHandler {
  return async function requireConsoleSession(request) {
    const token = consoleTokenOf(request);
    const actor = token ? await app.services.sessions.identify(token) : null;
    if (!actor) {
      throw new AppError(
        401,
        ErrorCode.unauthorized,
        'console session required; open the login link printed by the service',
      );
    }
    if (!roleMayCall(actor.role, auth)) {
      throw new AppError(
        403,
        ErrorCode.forbidden,
        `only the owner may do this; ${actor.name} is signed in as a cashier`,
      );
    }
    request.consoleActor = actor;
    assertConsoleWrite(request, app.services.config.publicUrl);
  };
}

const AUTH_VALUES: readonly RouteAuth[] = ['apiKey', 'console', 'staff', 'public'];

/**
 * Every route declares who may call it (`config.auth`, set by addRoute or by hand on a raw route),
 * and the declaration is the guard: this onRoute hook installs the matching onRequest hook ahead of
 * the route's own. A route that declares nothing fails at registration, so none is open by accident.
 * Register before any route. Root onRequest hooks (rate limit, console host check) still run first.
 */
export const routeAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiKeyCheck', null);
    const guards: Record<Exclude<RouteAuth, 'public'>, onRequestHookHandler> = {
      apiKey: apiKeyGuard(app),
      console: consoleSessionGuard(app, 'console'),
      staff: consoleSessionGuard(app, 'staff'),
    };
    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (!auth || !AUTH_VALUES.includes(auth)) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no auth; set config.auth to one of ${AUTH_VALUES.join(', ')}`,
        );
      }
      if (auth === 'public') return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guards[auth], ...own];
    });
  },
  { name: 'route-auth' },
);
