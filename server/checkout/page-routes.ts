import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Payment } from '../payments/payment-types';
import { PaymentIdParamsSchema } from '../payments/payment-schemas';
import { toCheckoutView } from './checkout-view';
import { resolveEmbed } from './embed-access';
import { languageOf, pageCsp, renderCheckoutPage, renderErrorPage, type PageError } from './page-html';
import type { WebAssets } from './web-assets';

function sendHtml(reply: FastifyReply, status: number, html: string, ancestors: readonly string[]): FastifyReply {
  // HPP and anything nobody may frame also get the legacy header for browsers without CSP frame-ancestors.
  if (ancestors.length === 0) reply.header('X-Frame-Options', 'DENY');
  return reply.code(status).header('Content-Security-Policy', pageCsp(ancestors)).header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8').send(html);
}

/** The hosted (HPP, /pay/:id) and embedded (EPP, /embed?signature=…) checkout: one page, two framing policies. */
export async function pageRoutes(app: FastifyInstance, opts: { assets: WebAssets | null }): Promise<void> {
  const { services } = app;
  const { assets } = opts;
  const sandbox = services.config.chain.mode === 'sandbox' && !!app.runtime?.simulator;
  const fail = (request: FastifyRequest, reply: FastifyReply, status: number, error: PageError, ancestors: readonly string[], embedded: boolean) =>
    sendHtml(reply, status, renderErrorPage(error, languageOf(request.headers['accept-language']), assets, embedded), ancestors);

  const page = (payment: Payment, mode: 'hpp' | 'epp', parentOrigin: string | null, assets: WebAssets) => renderCheckoutPage({
    view: toCheckoutView(services.payments.present(payment), services.clock.now()), mode, parentOrigin, sandbox,
    successUrl: mode === 'hpp' ? payment.successUrl : null, failUrl: mode === 'hpp' ? payment.failUrl : null,
  }, assets);

  app.get('/pay/:paymentId', (request, reply) => {
    if (!assets) return fail(request, reply, 503, 'unavailable', [], false);
    const params = PaymentIdParamsSchema.safeParse(request.params);
    const payment = params.success ? services.payments.payments.findById(params.data.paymentId) : null;
    if (!payment) return fail(request, reply, 404, 'not_found', [], false);
    return sendHtml(reply, 200, page(payment, 'hpp', null, assets), []);
  });

  app.get('/embed', (request, reply) => {
    const access = resolveEmbed(services, request.query as Record<string, unknown>);
    if (!assets) return fail(request, reply, 503, 'unavailable', access.ancestors, true);
    if (!access.ok) return fail(request, reply, access.status, access.error, access.ancestors, true);
    return sendHtml(reply, 200, page(access.payment, 'epp', access.parentOrigin, assets), access.ancestors);
  });
}
