import type { FastifyInstance } from 'fastify';
import { PricingSettingsSchema } from '../../contract/pricing-settings';
import { RatesHealthSchema } from '../../contract/rates';
import { actorOf } from '../auth/guards';
import { addRoute } from '../http/route';

const TAGS = ['Console: settings'];

/**
 * The store's pricing (its currency, the short payment it forgives, where rates come from) and how
 * the rate sources are doing: the owner's. A cashier's till and desk form learn the store's currency
 * from the catalogue, which states it.
 */
export async function pricingSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { pricing, rates } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/settings/pricing',
    operationId: 'getPricingSettings',
    tags: TAGS,
    auth: 'console',
    summary: "The store's currency, short-payment tolerance, rate source, manual rate table and sanity thresholds",
    responses: { 200: { description: 'The pricing settings', schema: PricingSettingsSchema } },
    handler: () => pricing.current(),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings/pricing',
    operationId: 'updatePricingSettings',
    tags: TAGS,
    auth: 'console',
    summary: 'Replace the pricing settings; new payments use them at once, existing ones keep what they locked',
    body: PricingSettingsSchema,
    responses: { 200: { description: 'The pricing settings after saving', schema: PricingSettingsSchema } },
    handler: async ({ body }, request) => {
      await pricing.save(body, actorOf(request));
      return pricing.current();
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/rates/health',
    operationId: 'getRatesHealth',
    tags: ['Console: dashboard'],
    auth: 'console',
    summary: "Where fiat prices get their rates now, each live source's last success and error, the last refusal",
    responses: { 200: { description: 'The rates health', schema: RatesHealthSchema } },
    handler: () => rates.health(),
  });
}
