import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteRefusal, policyFor, verifySignature } from './embed-access';
import { isOrigin, mayFrame, requesterOrigin, type FramingPolicy } from './embed-policy';
import { AppError, ErrorCode } from '../http/errors';
import { ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import type { Services } from '../services';
import { EmbedCheckQuerySchema, EmbedCheckSchema } from '../../contract/widget';

const TAGS = ['Embedded payment page'];

/** The framing policy of a valid signature; anything else is the 4xx the widget reports. */
async function policyOfSignature(services: Services, signature: string): Promise<FramingPolicy> {
  const verified = verifySignature(services, signature);
  if (verified.ok) {
    if (!(await services.payments.find(verified.claims.paymentId)))
      throw new AppError(404, ErrorCode.paymentNotFound, 'the payment this signature names does not exist');
    return policyFor(services, verified.claims.allowedOrigins);
  }
  if (verified.reason === 'expired')
    throw new AppError(
      410,
      ErrorCode.signatureExpired,
      'the signature has expired; create a new one with POST /invoice/widgets',
      'signature',
    );
  if (verified.reason === 'wrong_chain') {
    throw new AppError(
      403,
      ErrorCode.invalidSignature,
      'the signature was made for another chain mode (sandbox versus testnet/mainnet)',
      'signature',
    );
  }
  const status = verified.reason === 'malformed' ? 400 : 403;
  throw new AppError(
    status,
    ErrorCode.invalidSignature,
    'the signature is not valid; use the signature field of POST /invoice/widgets unchanged',
    'signature',
  );
}

function refusal(origin: string, policy: FramingPolicy): AppError {
  const why =
    policy.kind === 'list' && policy.source === 'session'
      ? `${origin} is not among the allowedOrigins this payment session was created with; add it there in POST /invoice/widgets`
      : `${origin} is not allowed to embed this store's checkout. The merchant can allow it in the TonTill console under Settings ` +
        '(Embedding origins), or name it in allowedOrigins of POST /invoice/widgets';
  return new AppError(403, ErrorCode.originNotAllowed, why);
}

const selfOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Public, for the widget: may the calling page frame this signature's checkout? The answer comes
 * from the same policy as the page's CSP, so the widget can explain a refusal at once instead of
 * showing a frame the browser blanks.
 */
export async function embedCheckRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  // Every answer, errors and 429 included, must be readable by the page that asked: its Origin is
  // reflected (never `*`), and Vary keeps caches from handing one page's answer to another.
  app.addHook('onSend', async (request, reply, payload) => {
    const origin = headerOf(request, 'origin');
    reply.header('Vary', 'Origin');
    if (isOrigin(origin)) reply.header('Access-Control-Allow-Origin', origin);
    return payload;
  });

  addRoute(app, {
    method: 'GET',
    url: '/widgets/embed-check',
    operationId: 'checkEmbedding',
    tags: TAGS,
    auth: 'public',
    summary:
      'Called by the widget from the merchant page: whether that page (its Origin) may embed the checkout of this signature.',
    query: EmbedCheckQuerySchema,
    responses: {
      200: { description: 'The calling page may embed the checkout', schema: EmbedCheckSchema },
      400: {
        description: 'Malformed signature (INVALID_SIGNATURE), or no Origin header (VALIDATION_ERROR)',
        schema: ErrorSchema,
      },
      403: {
        description:
          'ORIGIN_NOT_ALLOWED: the calling page may not embed it (the console lists the origin for approval); INVALID_SIGNATURE',
        schema: ErrorSchema,
      },
      404: { description: 'The signed payment does not exist', schema: ErrorSchema },
      410: { description: 'SIGNATURE_EXPIRED', schema: ErrorSchema },
      429: { description: 'Rate limited', schema: ErrorSchema },
    },
    handler: async ({ query }, request) => {
      const policy = await policyOfSignature(services, query.signature);
      const origin = requesterOrigin(
        headerOf(request, 'origin'),
        headerOf(request, 'sec-fetch-site'),
        selfOrigin(request),
      );
      if (!origin)
        throw new AppError(
          400,
          ErrorCode.validation,
          'Origin: call this from the page that embeds the widget (the browser sends its Origin)',
          'origin',
        );
      if (!mayFrame(policy, origin)) {
        await noteRefusal(services, policy, origin);
        throw refusal(origin, policy);
      }
      return {
        allowed: true as const,
        serviceOrigin: new URL(services.publicUrl()).origin,
        anyOrigin: policy.kind === 'any',
      };
    },
  });
}
