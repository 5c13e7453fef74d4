import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Payment } from '../storage/records';
import type { CheckoutMode } from '../../contract/checkout';
import { PaymentIdParamsSchema } from '../../contract/payments';
import { toCheckoutView } from './checkout-view';
import { resolveEmbed } from './embed-access';
import type { FramingPolicy } from './embed-policy';
import { languageOf, pageCsp, renderCheckoutPage, renderErrorPage, type PageError } from './page-html';
import { readStoreBrand } from './store-profile';
import { storeTimeZone } from '../settings/time-zone';
import type { WebAssets } from './web-assets';

/** HPP and every page nobody may frame. */
const NOBODY: FramingPolicy = { kind: 'list', source: 'store', origins: [] };

function sendHtml(reply: FastifyReply, status: number, html: string, framing: FramingPolicy): FastifyReply {
  // Pages nobody may frame also get the legacy header for browsers without CSP frame-ancestors.
  if (framing.kind === 'list' && framing.origins.length === 0) reply.header('X-Frame-Options', 'DENY');
  return reply
    .code(status)
    .header('Content-Security-Policy', pageCsp(framing))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The hosted (HPP, /pay/:id) and embedded (EPP, /embed?signature=…) checkout: one page, two framing policies. */
export async function pageRoutes(app: FastifyInstance, opts: { assets: WebAssets | null }): Promise<void> {
  const { services } = app;
  const { assets } = opts;
  // the sandbox's one-click payment, where a simulator runs (or soon will: the chain opens after listening)
  const sandbox = app.runtime?.info.mode === 'sandbox';
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: PageError,
    framing: FramingPolicy,
    embedded: boolean,
  ) =>
    sendHtml(
      reply,
      status,
      renderErrorPage(error, languageOf(request.headers['accept-language']), assets, embedded),
      framing,
    );

  const page = async (
    payment: Payment,
    mode: CheckoutMode,
    parentOrigin: string | null,
    anyOrigin: boolean,
    assets: WebAssets,
  ) =>
    renderCheckoutPage(
      {
        view: toCheckoutView(await services.payments.present(payment), services.clock.now()),
        mode,
        parentOrigin,
        anyOrigin,
        sandbox,
        successUrl: mode === 'hpp' ? payment.successUrl : null,
        failUrl: mode === 'hpp' ? payment.failUrl : null,
        store: await readStoreBrand(services.settings),
        timeZone: await storeTimeZone(services.settings),
      },
      assets,
    );

  app.get('/pay/:paymentId', { config: { auth: 'public' } }, async (request, reply) => {
    if (!assets) return fail(request, reply, 503, 'unavailable', NOBODY, false);
    const params = PaymentIdParamsSchema.safeParse(request.params);
    const payment = params.success ? await services.payments.find(params.data.paymentId) : null;
    if (!payment) return fail(request, reply, 404, 'not_found', NOBODY, false);
    return sendHtml(reply, 200, await page(payment, 'hpp', null, false, assets), NOBODY);
  });

  app.get('/embed', { config: { auth: 'public' } }, async (request, reply) => {
    const access = await resolveEmbed(services, {
      query: request.query as Record<string, unknown>,
      fetchDest: header(request, 'sec-fetch-dest'),
      referer: header(request, 'referer'),
    });
    if (!assets) return fail(request, reply, 503, 'unavailable', access.policy, true);
    if (!access.ok) return fail(request, reply, access.status, access.error, access.policy, true);
    return sendHtml(
      reply,
      200,
      await page(access.payment, 'epp', access.parentOrigin, access.policy.kind === 'any', assets),
      access.policy,
    );
  });
}
