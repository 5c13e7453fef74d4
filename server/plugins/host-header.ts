import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '../http/errors';

/**
 * Why a request's Host header cannot be used, or null. HTTP/1.1 requires one, and the service builds
 * its own origin from it (the console's CSRF check, the embed check); without it Node answered a bare
 * 400 with no body, so the server lets such requests in (`requireHostHeader: false`) and this refuses
 * them in the documented shape.
 */
export function hostHeaderProblem(host: string | string[] | undefined): string | null {
  if (host === undefined || host === '') return 'host: the Host header is required (HTTP/1.1)';
  if (Array.isArray(host)) return 'host: send exactly one Host header';
  return null;
}

/** First of the root hooks: no route, guard or rate limit sees a request without a usable Host. */
export const hostHeaderPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const problem = hostHeaderProblem(request.headers.host);
      if (problem) throw new AppError(400, ErrorCode.validation, problem, 'host');
    });
  },
  { name: 'host-header' },
);
