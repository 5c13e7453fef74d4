import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '../http/errors';

/**
 * Why a request's Host header cannot be used, or null. HTTP/1.1 requires one (HTTP/1.0 has none, and
 * health probes still speak it), and the service builds its own origin from it (the console's CSRF
 * check, the embed check). Node answered a missing one with a bare 400 and no body, so the server
 * lets such requests in (`requireHostHeader: false`) and this refuses them in the documented shape.
 */
export function hostHeaderProblem(host: string | undefined, httpVersion: string): string | null {
  if ((host === undefined || host === '') && httpVersion !== '1.0')
    return 'host: the Host header is required (HTTP/1.1)';
  return null;
}

/** First of the root hooks: no route, guard or rate limit sees a request without a usable Host. */
export const hostHeaderPlugin = fp(
  async (app: FastifyInstance) => {
    // callback hooks here and in the other per-request checks: an async hook costs a promise per request
    app.addHook('onRequest', (request, _reply, done) => {
      const problem = hostHeaderProblem(request.headers.host, request.raw.httpVersion);
      done(problem ? new AppError(400, ErrorCode.validation, problem, 'host') : undefined);
    });
  },
  { name: 'host-header' },
);
