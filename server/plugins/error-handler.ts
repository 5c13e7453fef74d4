import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DomainError, DomainErrorKind, type DomainErrorKindValue } from '../domain/errors';
import { AppError, ErrorCode, errorBody, type ErrorCodeValue } from '../http/errors';
import { LedgerUnavailableError } from '../storage/storage-port';
import { API_SECURITY_HEADERS } from './security-headers';

/**
 * The one place a domain error becomes HTTP: each kind's status and stable wire code.
 * Typed over every kind, so a new kind does not compile until it is mapped here.
 */
export const DOMAIN_ERROR_HTTP: Readonly<Record<DomainErrorKindValue, { status: number; code: ErrorCodeValue }>> = {
  [DomainErrorKind.invalidInput]: { status: 400, code: ErrorCode.validation },
  [DomainErrorKind.notFound]: { status: 404, code: ErrorCode.notFound },
  [DomainErrorKind.paymentNotFound]: { status: 404, code: ErrorCode.paymentNotFound },
  [DomainErrorKind.idempotencyConflict]: { status: 409, code: ErrorCode.idempotencyConflict },
  [DomainErrorKind.invalidTransition]: { status: 409, code: ErrorCode.invalidTransition },
  [DomainErrorKind.rateUnavailable]: { status: 503, code: ErrorCode.rateUnavailable },
};

/** Fastify's own 4xx errors mapped to our stable codes. */
const FASTIFY_CODES: Record<string, { code: ErrorCodeValue; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.payloadTooLarge, message: 'request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.unsupportedMediaType,
    message: 'send JSON with Content-Type: application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.validation, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.validation, message: 'body: is required (a JSON object)' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.validation, message: 'body: is not valid JSON' },
};

function clientError(err: FastifyError): { status: number; code: ErrorCodeValue; message: string; field?: string } {
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  const status = err.statusCode ?? 400;
  if (known)
    return {
      status,
      code: known.code,
      message: known.message,
      ...(known.code === ErrorCode.validation ? { field: 'body' } : {}),
    };
  if (err.code === 'FST_ERR_VALIDATION') return { status: 400, code: ErrorCode.validation, message: err.message };
  if (status === 404) return { status, code: ErrorCode.notFound, message: 'not found' };
  if (status === 429) return { status, code: ErrorCode.rateLimited, message: 'too many requests, slow down' };
  // Body parser errors (bad JSON, prototype poisoning attempts) are all the client's fault.
  return { status, code: ErrorCode.validation, message: 'the request could not be read', field: 'body' };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a 500 can truthfully say. Fastify marks an error thrown while serializing the answer
 * (`serialization`): the handler had returned by then, so whatever it changed is committed, and
 * only the answer was lost. Any other failure stopped the handler before it could commit.
 */
export function internalErrorMessage(method: string, duringSerialization: boolean): string {
  if (!duringSerialization) return 'internal error; the request was not applied';
  if (READS.has(method)) return 'internal error; the answer could not be sent';
  return 'internal error: the request was applied, but its answer could not be sent; read the result again instead of repeating the request';
}

/** One error shape for everything; 5xx details stay in the log, never in the response. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        reply.status(err.statusCode).send(errorBody(err.code, err.message, err.field));
        return;
      }
      if (err instanceof DomainError) {
        const mapped = DOMAIN_ERROR_HTTP[err.kind];
        reply.status(mapped.status).send(errorBody(mapped.code, err.message, err.field));
        return;
      }
      if (err instanceof LedgerUnavailableError) {
        request.log.error({ err }, 'the ledger refused a write');
        reply.status(503).send(errorBody(ErrorCode.ledgerUnavailable, err.advice));
        return;
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const e = clientError(err);
        reply.status(e.status).send(errorBody(e.code, e.message, e.field));
        return;
      }
      const duringSerialization = 'serialization' in err;
      request.log.error({ err }, duringSerialization ? 'the answer could not be serialized' : 'request failed');
      reply.status(500).send(errorBody(ErrorCode.internal, internalErrorMessage(request.method, duringSerialization)));
    });
    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send(errorBody(ErrorCode.notFound, `no route for ${request.method} ${request.url.split('?')[0]}`));
    });
  },
  { name: 'error-handler' },
);

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors` option): a path
 * that is not valid percent-encoding, or a path parameter longer than the router accepts.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these replies, so the headers every response carries are set here.
  reply.headers(API_SECURITY_HEADERS);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(errorBody(ErrorCode.validation, 'path: a path segment is too long', 'path'));
  } else if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(errorBody(ErrorCode.validation, 'path: is not valid percent-encoding', 'path'));
  } else {
    reply.status(400).send(errorBody(ErrorCode.validation, 'the request could not be routed'));
  }
}

/** Status, message and field for bytes Node's HTTP parser refused; each one is the client's to fix. */
function clientErrorOf(code: string | undefined): { status: number; message: string; field?: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'headers: are too large', field: 'headers' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'the request did not arrive in time' };
  return { status: 400, message: 'the request is not valid HTTP/1.1' };
}

/**
 * Malformed HTTP never reaches Fastify's error handler: Node hands the socket here (Fastify's
 * `clientErrorHandler` option). Answer in the documented shape and close, since the stream cannot be trusted.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset socket has nobody left to answer; one whose response has begun cannot take a second
  // status line (the same test Node's own handler makes).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const e = clientErrorOf(err.code);
  const body = JSON.stringify(errorBody(ErrorCode.validation, e.message, e.field));
  socket.end(
    [
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(API_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
    () => socket.destroy(),
  );
}
