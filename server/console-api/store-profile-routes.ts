import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { addRoute } from '../http/route';
import { checkedLogo, readStoreProfile, STORE_LOGO_KEY, STORE_PROFILE_KEY } from '../payment-pages/store-profile';
import { StoreLogoBodySchema, StoreProfileBodySchema, StoreProfileSchema } from '../../contract/console-settings';

const TAGS = ['Console: settings'];
const LOGO_BODY_LIMIT = 128 * 1024;

/** The store as customers see it on the checkout: name, contact and logo; applies at once. */
export async function storeProfileRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;
  const profile = { 200: { description: 'The store profile', schema: StoreProfileSchema } };

  addRoute(app, {
    method: 'GET',
    url: '/settings/store',
    operationId: 'getStoreProfile',
    tags: TAGS,
    auth: 'staff',
    summary: "The store's name, contact and logo URL, as the checkout shows them",
    responses: profile,
    handler: () => readStoreProfile(settings),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings/store',
    operationId: 'updateStoreProfile',
    tags: TAGS,
    auth: 'console',
    summary: "Save the store's name and contact (e-mail or https URL); the checkout shows them at once",
    body: StoreProfileBodySchema,
    responses: profile,
    handler: async ({ body }, request) => {
      await settings.set(STORE_PROFILE_KEY, { name: body.name, contact: body.contact }, actorOf(request));
      return readStoreProfile(settings);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings/store/logo',
    operationId: 'uploadStoreLogo',
    tags: TAGS,
    auth: 'console',
    bodyLimit: LOGO_BODY_LIMIT,
    summary: 'Upload the store logo: a PNG or JPEG of at most 64 KB, base64 (never SVG)',
    body: StoreLogoBodySchema,
    responses: profile,
    handler: async ({ body }, request) => {
      const logo = checkedLogo(body);
      if (!logo)
        throw new AppError(
          400,
          ErrorCode.validation,
          `data: the file is not a ${body.type === 'image/png' ? 'PNG' : 'JPEG'} image`,
          'data',
        );
      await settings.set(STORE_LOGO_KEY, logo, actorOf(request));
      return readStoreProfile(settings);
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/settings/store/logo',
    operationId: 'removeStoreLogo',
    tags: TAGS,
    auth: 'console',
    summary: 'Remove the store logo',
    responses: profile,
    handler: async (_input, request) => {
      await settings.set(STORE_LOGO_KEY, null, actorOf(request));
      return readStoreProfile(settings);
    },
  });
}
