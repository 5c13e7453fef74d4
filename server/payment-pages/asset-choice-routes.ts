import type { FastifyInstance } from 'fastify';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import { CheckoutCurrencyBodySchema, CheckoutViewSchema } from '../../contract/checkout';
import { PaymentIdParamsSchema } from '../../contract/payments';
import { toCheckoutView } from './checkout-view';

const TAGS = ['Checkout (public)'];

/**
 * POST /pay/:paymentId/currency: the customer's choice of asset for a fiat price, at the checkout,
 * the widget or the till's customer screen. Public like the wallet request (the unguessable payment
 * id is the key; the hosted and embedded pages both call it on the service's own origin), and
 * rate-limited per address by the root hook. The payment.asset_chosen event updates live streams.
 */
export async function assetChoiceRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  addRoute(app, {
    method: 'POST',
    url: '/pay/:paymentId/currency',
    operationId: 'chooseCheckoutCurrency',
    tags: TAGS,
    auth: 'public',
    summary:
      'Choose which quoted asset pays a fiat-priced payment: its amount, address links and wallet request follow. 400 for an asset it is not quoted in (or an asset-priced payment), 409 once part of it arrived in the other asset or it is closed.',
    params: PaymentIdParamsSchema,
    body: CheckoutCurrencyBodySchema,
    responses: {
      200: { description: 'The checkout status in the chosen asset', schema: CheckoutViewSchema },
      ...errors(400, 404, 409),
    },
    handler: async ({ params, body }) => {
      await services.payments.chooseAsset(params.paymentId, body.currency);
      return toCheckoutView(await services.payments.view(params.paymentId), services.clock.now());
    },
  });
}
