import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode, errorBody, type ErrorCodeValue } from '../http/errors';

/** Fastify's own 4xx errors mapped to our stable codes. */
const FASTIFY_CODES: Record<string, { code: ErrorCodeValue; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.payloadTooLarge, message: 'request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.unsupportedMediaType, message: 'send JSON with Content-Type: application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.validation, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.validation, message: 'body: is required (a JSON object)' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.validation, message: 'body: is not valid JSON' },
};

function clientError(err: FastifyError): { status: number; code: ErrorCodeValue; message: string; field?: string } {
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  const status = err.statusCode ?? 400;
  if (known) return { status, code: known.code, message: known.message, ...(known.code === ErrorCode.validation ? { field: 'body' } : {}) };
  if (err.code === 'FST_ERR_VALIDATION') return { status: 400, code: ErrorCode.validation, message: err.message };
  if (status === 404) return { status, code: ErrorCode.notFound, message: 'not found' };
  if (status === 429) return { status, code: ErrorCode.rateLimited, message: 'too many requests, slow down' };
  // Body parser errors (bad JSON, prototype poisoning attempts) are all the client's fault.
  return { status, code: ErrorCode.validation, message: 'the request could not be read', field: 'body' };
}

/** One error shape for everything; 5xx details stay in the log, never in the response. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        reply.status(err.statusCode).send(errorBody(err.code, err.message, err.field));
        return;
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const e = clientError(err);
        reply.status(e.status).send(errorBody(e.code, e.message, e.field));
        return;
      }
      request.log.error({ err }, 'request failed');
      reply.status(500).send(errorBody(ErrorCode.internal, 'internal error; the request was not applied'));
    });
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(errorBody(ErrorCode.notFound, `no route for ${request.method} ${request.url.split('?')[0]}`));
    });
  },
  { name: 'error-handler' },
);
