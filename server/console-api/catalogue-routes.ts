import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { addRoute } from '../http/route';
import { CatalogueSchema, type Catalogue } from '../../contract/console';

const TAGS = ['Console: till'];
export const CATALOGUE_KEY = 'console.catalogue';

/** The till's optional item catalogue, kept in the ledger's settings so a backup carries it. */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;
  // A stored value that no longer fits the schema (written by an older version) reads as empty, never as a 500.
  const read = async (): Promise<Catalogue> => {
    const stored = CatalogueSchema.safeParse(await settings.get(CATALOGUE_KEY));
    return stored.success ? stored.data : { items: [] };
  };

  addRoute(app, {
    method: 'GET',
    url: '/catalogue',
    operationId: 'getCatalogue',
    tags: TAGS,
    auth: 'staff',
    summary: "The till's item catalogue (empty until the merchant adds items)",
    responses: { 200: { description: 'The catalogue', schema: CatalogueSchema } },
    handler: read,
  });

  addRoute(app, {
    method: 'PUT',
    url: '/catalogue',
    operationId: 'updateCatalogue',
    tags: TAGS,
    auth: 'console',
    summary: "Replace the till's item catalogue",
    body: CatalogueSchema,
    responses: { 200: { description: 'The catalogue as saved', schema: CatalogueSchema } },
    handler: async ({ body }, request) => {
      await settings.set(CATALOGUE_KEY, body, actorOf(request));
      return read();
    },
  });
}
