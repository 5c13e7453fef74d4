import type { FastifyInstance } from 'fastify';
import { TipSettingsSchema } from '../../contract/console-settings';
import { actorOf } from '../auth/guards';
import { addRoute } from '../http/route';
import { readTipSettings, TIPS_KEY } from '../settings/tips';

/** Tips at the till: the owner sets them, every till (a cashier's too) reads them. */
export async function tipSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/settings/tips',
    operationId: 'getTipSettings',
    tags: ['Console: settings'],
    // a cashier's till offers the tip step too
    auth: 'staff',
    summary: 'Tips at the till: whether the till asks for one, and its percent buttons',
    responses: { 200: { description: 'The tip settings', schema: TipSettingsSchema } },
    handler: () => readTipSettings(settings),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings/tips',
    operationId: 'updateTipSettings',
    tags: ['Console: settings'],
    auth: 'console',
    summary: 'Turn tips at the till on or off and set up to three percent buttons; applies at once',
    body: TipSettingsSchema,
    responses: { 200: { description: 'The tip settings after saving', schema: TipSettingsSchema } },
    handler: async ({ body }, request) => {
      await settings.set(TIPS_KEY, body, actorOf(request));
      return readTipSettings(settings);
    },
  });
}
