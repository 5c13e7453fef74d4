import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import type { Config } from '../config/config';
import { AppError, ErrorCode } from '../http/errors';

/** The header the console's own client sends; a page on another origin cannot add it without a CORS preflight we never grant. */
export const CONSOLE_HEADER = 'x-tontill-console';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of a Host header value, lower-cased, without port or IPv6 brackets; null when malformed. */
export function hostnameOf(host: string): string | null {
  const match = /^(?:\[([\da-f:.]+)\]|([\w.-]+))(?::\d{1,5})?$/i.exec(host);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').toLowerCase() || null;
}

/**
 * DNS rebinding points an attacker's name at 127.0.0.1 and the browser then sends that name as Host.
 * IP literals and localhost cannot be rebound (no DNS lookup), so they are always served; any other
 * name only when the merchant named it.
 */
export function isServedHost(host: string | undefined, served: ReadonlySet<string>): boolean {
  const name = host ? hostnameOf(host) : null;
  if (name === null) return false;
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return served.has(name);
}

/** The names a merchant configured: publicUrl's host, the listening host and allowedHosts. */
export function servedHostNames(config: Pick<Config, 'publicUrl' | 'host' | 'allowedHosts'>): Set<string> {
  const names = new Set(config.allowedHosts.map((h) => h.toLowerCase()));
  if (config.publicUrl) names.add(new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase());
  names.add(config.host.toLowerCase());
  return names;
}

/** Every console route lives under /console (the pattern Fastify matched, so an encoded path cannot slip by). */
export const isConsoleRoute = (routeUrl: string | undefined): boolean =>
  routeUrl === '/console' || (routeUrl?.startsWith('/console/') ?? false);

export interface ConsoleWrite {
  method: string;
  /** the credential came from `Authorization: Bearer`, which a browser never attaches on its own */
  bearer: boolean;
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
  consoleHeader: string | undefined;
}

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/**
 * Why a console request must be refused as a possible cross-site request forgery, or null to let it
 * through. Another port of 127.0.0.1 is the same site, so SameSite=Strict still sends the cookie:
 * a cookie-borne write must come from one of the console's origins (when the browser says where it
 * comes from) and must be something a cross-origin page cannot send without a CORS preflight.
 */
export function consoleWriteRefusal(write: ConsoleWrite, consoleOrigins: readonly string[]): string | null {
  if (SAFE_METHODS.has(write.method) || write.bearer) return null;
  const crossSite = crossSiteRefusal(write, consoleOrigins);
  if (crossSite) return crossSite;
  if (!isJson(write.contentType) && write.consoleHeader !== '1')
    return `send Content-Type: application/json or ${CONSOLE_HEADER}: 1`;
  return null;
}

/**
 * Why a request the browser says comes from another site must be refused, or null. The login form
 * posts a plain form (no JSON, no header), so it gets this check alone.
 */
export function crossSiteRefusal(
  write: Pick<ConsoleWrite, 'origin' | 'secFetchSite'>,
  consoleOrigins: readonly string[],
): string | null {
  if (write.origin !== undefined && !consoleOrigins.includes(write.origin))
    return `Origin ${write.origin} is not this console`;
  if (write.secFetchSite !== undefined && write.secFetchSite !== 'same-origin' && write.secFetchSite !== 'none') {
    return `Sec-Fetch-Site: ${write.secFetchSite} is not this console`;
  }
  return null;
}

/** The origins the console is served from: the one this request reached, and publicUrl's. */
export function consoleOriginsOf(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const origins: string[] = [];
  for (const url of [`${request.protocol}://${request.host}`, publicUrl]) {
    try {
      if (url) origins.push(new URL(url).origin);
    } catch {
      /* a malformed Host names no origin */
    }
  }
  return origins;
}

export const requestHeader = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Throws 403 when a console write cannot prove it comes from the console. */
export function assertConsoleWrite(request: FastifyRequest, publicUrl: string | undefined): void {
  const refusal = consoleWriteRefusal(
    {
      method: request.method,
      bearer: requestHeader(request, 'authorization')?.startsWith('Bearer ') ?? false,
      origin: requestHeader(request, 'origin'),
      secFetchSite: requestHeader(request, 'sec-fetch-site'),
      contentType: requestHeader(request, 'content-type'),
      consoleHeader: requestHeader(request, CONSOLE_HEADER),
    },
    consoleOriginsOf(request, publicUrl),
  );
  if (refusal)
    throw new AppError(403, ErrorCode.forbidden, `console changes must come from the console itself: ${refusal}`);
}

/**
 * Refuses console routes under a Host the service does not serve. The merchant API, checkout and
 * health check stay open to any name: they hold nothing a browser sends on its own (API keys are
 * explicit headers), and backends and probes often reach the service by an internal name.
 */
export const consoleHostGuard = fp(
  async (app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'host' | 'allowedHosts'>) => {
    const served = servedHostNames(config);
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isConsoleRoute(request.routeOptions.url) || isServedHost(request.host, served)) return done();
      done(
        new AppError(
          421,
          ErrorCode.hostNotAllowed,
          `this console does not answer to host ${request.host}; add its name to allowedHosts (or set publicUrl) to use it`,
        ),
      );
    });
  },
  { name: 'console-host-guard' },
);
