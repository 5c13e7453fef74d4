import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import type { CreateResult } from '../payments/payment-service';
import {
  SandboxSignatureQuerySchema,
  WidgetSessionRequestSchema,
  WidgetSessionResponseSchema,
} from '../../contract/payments';
import { AssetCodeSchema } from '../../contract/asset-schemas';
import type { Services } from '../services';
import { payButtonSymbol, signEpp } from './epp-signature';

const TAGS = ['Embedded payment page'];
/** The sandbox signature's query: the asset too, so a Toncoin widget can be tried by hand (USDT when absent, as before). */
const SandboxSessionQuerySchema = SandboxSignatureQuerySchema.extend({
  currency: AssetCodeSchema.default('USDT').meta({ description: 'The asset the payment is in' }),
});
/** Sandbox signatures are for trying things by hand; they die quickly so none ends up in production. */
export const SANDBOX_SIGNATURE_TTL_SECONDS = 10 * 60;

function issueSignature(services: Services, { payment, view }: CreateResult, shortLived: boolean) {
  const nowSeconds = Math.floor(services.clock.now() / 1000);
  const paymentExpiry = Math.ceil(payment.expiresAt / 1000);
  const expiresAt = shortLived ? Math.min(paymentExpiry, nowSeconds + SANDBOX_SIGNATURE_TTL_SECONDS) : paymentExpiry;
  // The claim names the chain, not the endpoint: a testnet signature must keep working on testnet.
  const sandbox = services.config.chain.mode === 'sandbox';
  const signature = signEpp(
    {
      paymentId: payment.id,
      serviceUrl: services.publicUrl(),
      expiresAt,
      allowedOrigins: payment.allowedOrigins ?? [],
      sandbox,
      assetSymbol: payButtonSymbol(payment),
    },
    services.eppSecret,
  );
  return {
    signature,
    paymentId: payment.id,
    expiresAt: new Date(payment.expiresAt).toISOString(),
    signatureExpiresAt: new Date(expiresAt * 1000).toISOString(),
    payment: view,
  };
}

export async function widgetSessionRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  addRoute(app, {
    method: 'POST',
    url: '/invoice/widgets',
    operationId: 'createWidgetSession',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Create a payment session for the embedded page',
    description:
      'Creates (or reuses, by `externalId`) a payment and signs it for the embedded page: put `signature` on the widget container. Call from your backend only; it needs your API key.',
    body: WidgetSessionRequestSchema,
    responses: { 200: { description: 'A fresh EPP signature', schema: WidgetSessionResponseSchema }, ...errors(409) },
    handler: async ({ body }, _req, reply) => {
      const result = await services.payments.create('widget', body);
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      return issueSignature(services, result, false);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/invoice/widgets/sandbox-signature',
    operationId: 'getSandboxSignature',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Get a short-lived signature for manual tests',
    description: `A payment session whose signature lives ${SANDBOX_SIGNATURE_TTL_SECONDS / 60} minutes, for trying the embedded page by hand. Refused on mainnet.`,
    query: SandboxSessionQuerySchema,
    responses: {
      200: { description: 'A short-lived EPP signature', schema: WidgetSessionResponseSchema },
      403: { description: 'SANDBOX_ONLY: the service runs on mainnet', schema: ErrorSchema },
      ...errors(409),
    },
    handler: async ({ query }, _req, reply) => {
      if (services.config.chain.mode === 'mainnet') {
        throw new AppError(
          403,
          ErrorCode.sandboxOnly,
          'sandbox signatures are disabled on mainnet; create signatures with POST /invoice/widgets from your backend',
        );
      }
      const result = await services.payments.create('widget', {
        currency: query.currency,
        mainCurrency: 'TON',
        amount: query.amount,
        externalId: query.externalId,
        allowedOrigins: query.allowedOrigins,
      });
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      return issueSignature(services, result, true);
    },
  });
}
