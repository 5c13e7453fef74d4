import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { invalidInput } from '../domain/errors';
import { addRoute } from '../http/route';
import {
  catalogueUnitsOf,
  CatalogueSchema,
  CatalogueUpdateSchema,
  type Catalogue,
  type CatalogueItem,
} from '../../contract/console';

const TAGS = ['Console: till'];
export const CATALOGUE_KEY = 'console.catalogue';

/** Each price against its currency's digits (the schema checks only the shape): 400 naming the item's price. */
function assertPricedIn(items: readonly CatalogueItem[], currency: string): void {
  items.forEach((item, i) => {
    const price = catalogueUnitsOf(item.price, currency);
    if (!price.ok) throw invalidInput(`items.${i}.price`, price.message);
  });
}

/** The till's optional item catalogue in its own currency, kept in the ledger's settings so a backup carries it. */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { settings, pricing } = app.services;
  // A stored value that no longer fits the schema (written by an older version) reads as empty, never as a 500;
  // one stored before the catalogue stated its currency reads as USDT, the currency it was written in.
  const read = async (): Promise<Catalogue> => {
    const stored = CatalogueSchema.safeParse(await settings.get(CATALOGUE_KEY));
    if (stored.success && stored.data.items.every((item) => catalogueUnitsOf(item.price, stored.data.currency).ok))
      return stored.data;
    return { currency: (await pricing.current()).storeCurrency, items: [] };
  };

  addRoute(app, {
    method: 'GET',
    url: '/catalogue',
    operationId: 'getCatalogue',
    tags: TAGS,
    auth: 'staff',
    summary: "The till's item catalogue and the currency it is priced in (empty until the merchant adds items)",
    responses: { 200: { description: 'The catalogue', schema: CatalogueSchema } },
    handler: read,
  });

  addRoute(app, {
    method: 'PUT',
    url: '/catalogue',
    operationId: 'updateCatalogue',
    tags: TAGS,
    auth: 'console',
    summary: "Replace the till's item catalogue; without a currency it is priced in the store's currency",
    body: CatalogueUpdateSchema,
    responses: { 200: { description: 'The catalogue as saved', schema: CatalogueSchema } },
    handler: async ({ body: { currency, items } }, request) => {
      const pricedIn = currency ?? (await pricing.current()).storeCurrency;
      assertPricedIn(items, pricedIn);
      await settings.set(CATALOGUE_KEY, { currency: pricedIn, items }, actorOf(request));
      return read();
    },
  });
}
