import { get, request } from '../../api/client';
import { CatalogueSchema, type CatalogueItem } from '../../../contract/console';

/** The till's item catalogue, kept in the store's settings. */
export const catalogueApi = {
  get: () => get(CatalogueSchema, '/catalogue'),
  save: (items: CatalogueItem[], currency?: string) =>
    request(CatalogueSchema, 'PUT', '/catalogue', { ...(currency ? { currency } : {}), items }),
};
