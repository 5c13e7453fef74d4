import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  DomainErrorKind,
  idempotencyConflict,
  invalidInput,
  invalidTransition,
  notFound,
  paymentNotFound,
  rateUnavailable,
  type DomainErrorKindValue,
} from '../../server/domain/errors';
import { errors } from '../../server/http/responses';
import { DOMAIN_ERROR_HTTP, errorHandlerPlugin } from '../../server/plugins/error-handler';

/** The documented mapping (docs/openapi, clients branch on these): change it only on purpose. */
const EXPECTED: Record<DomainErrorKindValue, { status: number; code: string }> = {
  invalid_input: { status: 400, code: 'VALIDATION_ERROR' },
  not_found: { status: 404, code: 'NOT_FOUND' },
  payment_not_found: { status: 404, code: 'PAYMENT_NOT_FOUND' },
  idempotency_conflict: { status: 409, code: 'IDEMPOTENCY_CONFLICT' },
  invalid_transition: { status: 409, code: 'INVALID_STATE_TRANSITION' },
  rate_unavailable: { status: 503, code: 'RATE_UNAVAILABLE' },
};

/** One error of each kind, as the domain raises it, with the body the wire must carry. */
const SAMPLES: { error: DomainError; body: { code: string; message: string; field?: string } }[] = [
  {
    error: invalidInput('amount', 'must be positive'),
    body: { code: 'VALIDATION_ERROR', message: 'amount: must be positive', field: 'amount' },
  },
  { error: notFound('transfer abc'), body: { code: 'NOT_FOUND', message: 'transfer abc not found' } },
  {
    error: paymentNotFound('pay_x'),
    body: { code: 'PAYMENT_NOT_FOUND', message: 'payment pay_x not found', field: 'paymentId' },
  },
  {
    error: idempotencyConflict('externalId e1 was reused', 'externalId'),
    body: { code: 'IDEMPOTENCY_CONFLICT', message: 'externalId e1 was reused', field: 'externalId' },
  },
  {
    error: invalidTransition('payment is paid'),
    body: { code: 'INVALID_STATE_TRANSITION', message: 'payment is paid' },
  },
  {
    error: rateUnavailable('tonapi and coingecko differ by 3.1 %'),
    body: {
      code: 'RATE_UNAVAILABLE',
      message: 'no trustworthy exchange rate right now: tonapi and coingecko differ by 3.1 %',
      field: 'currency',
    },
  },
  {
    error: invalidTransition('transfer is already dismissed', 'txHash'),
    body: { code: 'INVALID_STATE_TRANSITION', message: 'transfer is already dismissed', field: 'txHash' },
  },
];

describe('domain errors, mapped once', () => {
  it('maps every kind to its documented status and stable code', () => {
    expect(Object.keys(DOMAIN_ERROR_HTTP).sort()).toEqual(Object.values(DomainErrorKind).sort());
    expect(DOMAIN_ERROR_HTTP).toEqual(EXPECTED);
    for (const { status, code } of Object.values(DOMAIN_ERROR_HTTP)) {
      // the shared OpenAPI response for that status names the code
      expect(errors(status)[status]!.description).toContain(code);
    }
  });

  it('domain errors carry no HTTP status', () => {
    for (const { error } of SAMPLES) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).not.toHaveProperty('statusCode');
    }
    expect(new Set(SAMPLES.map((s) => s.error.kind))).toEqual(new Set(Object.values(DomainErrorKind)));
  });

  it('the error handler answers each one in the documented shape', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/:i', async (request) => {
      throw SAMPLES[Number((request.params as { i: string }).i)]!.error;
    });
    try {
      for (const [i, { error, body }] of SAMPLES.entries()) {
        const res = await app.inject({ method: 'GET', url: `/${i}` });
        expect(res.statusCode, error.kind).toBe(EXPECTED[error.kind].status);
        expect(res.body).toBe(JSON.stringify({ error: body }));
      }
    } finally {
      await app.close();
    }
  });
});
