import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payButtonSymbol, signEpp } from '../epp/epp-signature';
import { SANDBOX_SIGNATURE_TTL_SECONDS } from '../epp/widget-session-routes';
import { AppError, ErrorCode } from '../http/errors';
import { ASSET_CODES, ASSETS } from '../../contract/asset';
import { AssetCodeSchema } from '../../contract/asset-schemas';
import { AmountSchema } from '../../contract/payments';
import { BUTTON_COLORS as COLORS, WIDGET_MODES } from '../../contract/widget';
import type { Services } from '../services';
import { escapeHtml } from '../../contract/shared-helpers';
import type { WebAssets } from './web-assets';

const DemoQuerySchema = z.object({
  mode: z.enum(WIDGET_MODES).catch('iframe-only'),
  color: z.enum(COLORS).catch('black-white'),
  amount: AmountSchema.catch('10.00'),
  currency: AssetCodeSchema.catch('USDT'),
});
type DemoQuery = z.infer<typeof DemoQuerySchema>;

/** A fresh sandbox payment signed for this origin, exactly as a merchant backend would do with POST /invoice/widgets. */
async function demoSignature(services: Services, origin: string, q: DemoQuery): Promise<string> {
  const { payment } = await services.payments.create(
    'widget',
    {
      currency: q.currency,
      mainCurrency: 'TON',
      amount: q.amount,
      description: 'Demo shop order (sandbox)',
      allowedOrigins: [origin],
    },
    { test: true },
  );
  const nowSeconds = Math.floor(services.clock.now() / 1000);
  const expiresAt = Math.min(Math.ceil(payment.expiresAt / 1000), nowSeconds + SANDBOX_SIGNATURE_TTL_SECONDS);
  return signEpp(
    {
      paymentId: payment.id,
      serviceUrl: origin,
      expiresAt,
      allowedOrigins: [origin],
      sandbox: true,
      assetSymbol: payButtonSymbol(payment),
    },
    services.eppSecret,
  );
}

const SNIPPET = `<meta http-equiv="Content-Security-Policy" content="frame-src 'self' {service}">
<script src="{service}/widgets/index-latest.js"></script>
<div id="pay" signature="<signature from POST /invoice/widgets>" style="height:75vh"></div>
<script>
  ServiceWidget.init({ container: '#pay', onPaid: (e) => console.log('paid', e.paymentId) });
</script>`;

function demoPage(origin: string, signature: string, q: DemoQuery, assets: WebAssets): string {
  const link = (mode: string, color = q.color, currency = q.currency) =>
    `?mode=${mode}&amp;color=${color}&amp;amount=${escapeHtml(q.amount)}&amp;currency=${currency}`;
  const currencies = ASSET_CODES.map(
    (code) =>
      `<a href="${link(q.mode, q.color, code)}"${code === q.currency ? ' aria-current="page"' : ''}>${escapeHtml(ASSETS[code].name)}</a>`,
  ).join(' ');
  const colors = COLORS.map(
    (c) =>
      `<a href="${link('small-widgets', c)}"${q.mode === 'small-widgets' && c === q.color ? ' aria-current="page"' : ''}>${c}</a>`,
  ).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${origin}">
<title>Demo shop · TonTill sandbox</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${assets.urls.demoCss}">
<script src="/widgets/index-latest.js" defer></script><script src="${assets.urls.demoJs}" defer></script></head>
<body><header><strong>Demo shop</strong> <span class="badge">Sandbox</span></header><main>
<section class="order"><h1>Checkout</h1><p>Order total: <strong>${escapeHtml(q.amount)} ${ASSETS[q.currency].symbol}</strong>. This page plays your shop: its server
created a sandbox payment and signed it for this origin; the widget embeds the checkout below. Press
<em>Pay with the sandbox test wallet</em> inside it to send an emulated transfer.</p>
<nav aria-label="Widget mode">Mode: <a href="${link('iframe-only')}"${q.mode === 'iframe-only' ? ' aria-current="page"' : ''}>iframe-only</a>
· small-widgets: ${colors} · pay in: ${currencies} · <a href="${link(q.mode)}">new payment</a></nav></section>
<div id="pay" class="${q.mode}" signature="${escapeHtml(signature)}" data-mode="${q.mode}" data-color="${q.color}"></div>
<section><h2>Events this page received</h2><ol id="log" aria-live="polite"></ol></section>
<details><summary>The integration on this page</summary><pre><code>${escapeHtml(SNIPPET.replaceAll('{service}', origin))}</code></pre></details>
</main></body></html>`;
}

function originOf(text: string): string {
  try {
    const origin = new URL(text).origin;
    if (origin === text) return origin;
  } catch {
    /* fall through */
  }
  throw new AppError(400, ErrorCode.validation, 'the Host header is not a valid host name', 'host');
}

/** Sandbox only: a sample merchant page, the whole EPP integration with one-click payment. */
export async function demoRoutes(app: FastifyInstance, opts: { assets: WebAssets | null }): Promise<void> {
  app.get('/demo/merchant', { config: { auth: 'public' } }, async (request, reply) => {
    if (app.runtime?.info.mode !== 'sandbox' || !opts.assets) {
      throw new AppError(404, ErrorCode.notFound, 'the demo shop exists only in sandbox mode');
    }
    // Sandbox only, so the Host header is trusted: the demo must work on whichever name the developer typed.
    const origin = originOf(`${request.protocol}://${request.host}`);
    const query = DemoQuerySchema.parse(request.query ?? {});
    const signature = await demoSignature(app.services, origin, query);
    const csp =
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self' ${origin}; ` +
      `connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
    return reply
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(demoPage(origin, signature, query, opts.assets));
  });
}
