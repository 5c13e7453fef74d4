import type { ZodType } from 'zod';
import { ErrorBodySchema as ErrorSchema } from '../../contract/errors';
import { allowedWhileRestorePending } from '../db/restore-gate';
import type { RouteAuth } from './route';

/** Every error body (contract/errors.ts); routes document their error statuses with it. */
export { ErrorSchema };

export interface ResponseDoc {
  description: string;
  schema?: ZodType;
  /** Shared by many operations: the document defines it once under components.responses, by this name */
  component?: string;
}

const shared = (component: string, description: string): ResponseDoc => ({
  component,
  description,
  schema: ErrorSchema,
});

const STANDARD_ERRORS: Record<number, ResponseDoc> = {
  400: shared('ValidationError', 'VALIDATION_ERROR: the request is not valid; `field` names the culprit'),
  401: shared('Unauthorized', 'UNAUTHORIZED: missing or invalid credentials'),
  403: shared('Forbidden', 'FORBIDDEN: a console change that does not prove it comes from the console'),
  404: shared('NotFound', 'NOT_FOUND / PAYMENT_NOT_FOUND: no such resource'),
  409: shared('Conflict', 'IDEMPOTENCY_CONFLICT (externalId reused with another body) or INVALID_STATE_TRANSITION'),
  413: shared('PayloadTooLarge', 'PAYLOAD_TOO_LARGE: the body is larger than the service accepts'),
  415: shared(
    'UnsupportedMediaType',
    'UNSUPPORTED_MEDIA_TYPE: send the body as JSON with Content-Type: application/json',
  ),
  421: shared('HostNotAllowed', 'HOST_NOT_ALLOWED: the console does not answer to this Host name'),
  429: shared('RateLimited', 'RATE_LIMITED: too many requests; retry later'),
  503: shared(
    'Unavailable',
    'RESTORE_PENDING: a backup waits to be restored at the next start; no change is accepted until then. RATE_UNAVAILABLE (creating a payment priced in a fiat currency): no exchange rate can be trusted right now (sources down, disagreeing or stale); the message says why; retry later',
  ),
};

/** The standard error responses, by status: `...errors(404, 409)`. A status with its own meaning is written out instead. */
export function errors(...statuses: number[]): Record<number, ResponseDoc> {
  return Object.fromEntries(
    statuses.map((status) => {
      const standard = STANDARD_ERRORS[status];
      if (!standard) throw new Error(`no standard error response for ${status}; describe it in the route`);
      return [status, standard];
    }),
  );
}

/** The parts of a route that decide which errors the service's plumbing can answer it with. */
export interface RouteShape {
  method: string;
  url: string;
  auth: RouteAuth;
  body?: unknown;
  rawBody?: string;
  params?: unknown;
  query?: unknown;
}

/**
 * The errors a route answers with because of what it is, not what its handler does: input it
 * validates, a body the parser reads, the guard its declared auth installs, the rate limiter (every route),
 * the restore freeze (every change) and the console's own guards. Handlers declare the rest.
 */
export function implicitErrors(route: RouteShape): Record<number, ResponseDoc> {
  const statuses: number[] = [];
  const readsBody = Boolean(route.body || route.rawBody);
  if (readsBody || route.params || route.query) statuses.push(400);
  if (route.auth !== 'public') statuses.push(401);
  const isConsole = route.url === '/console' || route.url.startsWith('/console/');
  // owner-only routes refuse a cashier's session; any console change may fail the CSRF check
  if (route.auth === 'console' || (route.auth === 'staff' && !['GET', 'HEAD'].includes(route.method)))
    statuses.push(403);
  if (readsBody) statuses.push(413, 415);
  if (isConsole) statuses.push(421);
  statuses.push(429);
  if (!allowedWhileRestorePending(route.method, route.url)) statuses.push(503);
  return errors(...statuses);
}
