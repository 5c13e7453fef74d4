import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { payButtonSymbol, signEpp } from '../epp/epp-signature';
import { SANDBOX_SIGNATURE_TTL_SECONDS } from '../epp/widget-session-routes';
import { AppError, ErrorCode } from '../http/errors';
import { ErrorSchema } from '../http/responses';
import { addRoute, parsePart } from '../http/route';
import { escapeHtml } from '../../contract/shared-helpers';
import {
  BUTTON_COLORS,
  WIDGET_MODES,
  WidgetPreviewSessionBodySchema,
  WidgetPreviewSessionSchema,
  type WidgetPreviewSession,
} from '../../contract/widget';

const CSS_LENGTH = /^\d{1,4}(px|vh|%|em|rem)$/;

const PreviewQuery = z.object({
  signature: z.string().min(10).max(4096),
  mode: z.enum(WIDGET_MODES).catch('iframe-only'),
  color: z.enum(BUTTON_COLORS).catch('black-white'),
  buttonWidth: z.string().regex(CSS_LENGTH).optional().catch(undefined),
  buttonHeight: z.string().regex(CSS_LENGTH).optional().catch(undefined),
  height: z.string().regex(CSS_LENGTH).catch('480px'),
});

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Forwards every ServiceWidget event to the console, to the console's exact origin only (PreviewMessage in
 * contract/embed-messages.ts), and this page's own height on every change: the page grows its widget box to the
 * checkout, and the console grows its frame to this page, so nothing is cut by either.
 */
const SCRIPT = `(function () {
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var box = document.getElementById('pay');
  box.style.height = cfg.height;
  function send(message) { parent.postMessage(Object.assign({ source: 'tontill-widget-preview' }, message), cfg.consoleOrigin); }
  if (!window.ServiceWidget) { send({ error: 'the widget script did not load' }); return; }
  ServiceWidget.init({
    container: box, mode: cfg.mode,
    button: { color: cfg.color, width: cfg.buttonWidth || undefined, height: cfg.buttonHeight || undefined },
    onEvent: function (e) {
      var event = { type: e.type, paymentId: e.paymentId, status: e.status, amount: e.amount, dueAmount: e.dueAmount, paidAmount: e.paidAmount };
      if (typeof e.height === 'number') event.height = e.height;
      // like a merchant page that lets the frame hug the checkout: the box takes each height it reports (+ its padding)
      if (e.type === 'resize' && e.height > 0 && cfg.mode === 'iframe-only') box.style.height = (e.height + 16) + 'px';
      send({ event: event });
    }
  });
  send({ ready: true });
  var last = -1;
  new ResizeObserver(function () {
    var h = Math.ceil(document.body.getBoundingClientRect().height);
    if (h !== last) { last = h; send({ pageHeight: h }); }
  }).observe(document.body);
})();`;
const STYLE =
  'html,body{margin:0;padding:0;background:transparent;font:14px system-ui,sans-serif}#pay{display:block;padding:8px;box-sizing:border-box}';

/** The origin the browser used to reach us; the preview is served and signed for exactly that. */
export function requestOrigin(request: FastifyRequest): string {
  if (/^[\w.-]+(:\d{1,5})?$|^\[[\da-fA-F:.]+\](:\d{1,5})?$/.test(request.host)) {
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      /* fall through */
    }
  }
  throw new AppError(400, ErrorCode.validation, 'the Host header is not a valid host name', 'host');
}

export function previewDocument(q: z.output<typeof PreviewQuery>, service: string): string {
  // the console that frames this page is on the same origin: every message goes there and nowhere else
  const cfg = JSON.stringify({ ...q, consoleOrigin: service }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${escapeHtml(service)}">
<title>Widget preview</title><style>${STYLE}</style>
<script src="/widgets/index-latest.js"></script></head>
<body><div id="pay" signature="${escapeHtml(q.signature)}"></div>
<script type="application/json" id="cfg">${cfg}</script>
<script>${SCRIPT}</script></body></html>`;
}

/** Public document framed by the console: a merchant page in miniature, with the sandbox signature in its URL. */
export async function widgetPreviewDocumentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/console/widget-preview', { config: { auth: 'public' } }, (request, reply) => {
    const q = parsePart(PreviewQuery, request.query ?? {}, 'query');
    const service = requestOrigin(request);
    // The console, in a browser or in the desktop window, is served by this service: only it may frame the preview.
    const csp =
      `default-src 'none'; script-src 'self' ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; img-src 'self' data:; ` +
      `frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
    return reply
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(previewDocument(q, service));
  });
}

/** Guarded: a short-lived sandbox signature for the preview, refused on mainnet. */
export async function widgetPreviewRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  addRoute(app, {
    method: 'POST',
    url: '/widget-preview/session',
    operationId: 'createWidgetPreviewSession',
    tags: ['Console: widget preview'],
    auth: 'console',
    summary: `Sandbox and testnet only: a fresh widget payment signed for this service's origin, valid ${SANDBOX_SIGNATURE_TTL_SECONDS / 60} minutes`,
    body: WidgetPreviewSessionBodySchema,
    responses: {
      200: { description: 'A preview session', schema: WidgetPreviewSessionSchema },
      403: { description: 'SANDBOX_ONLY: the service runs on mainnet', schema: ErrorSchema },
    },
    handler: async ({ body }, request): Promise<WidgetPreviewSession> => {
      if (services.config.chain.mode === 'mainnet') {
        throw new AppError(
          403,
          ErrorCode.sandboxOnly,
          'widget previews use sandbox signatures, which are disabled on mainnet',
        );
      }
      const origin = requestOrigin(request);
      const { payment, view } = await services.payments.create(
        'widget',
        {
          currency: body.currency,
          mainCurrency: 'TON',
          amount: body.amount,
          description: body.description ?? 'Widget preview (console)',
          allowedOrigins: [origin],
        },
        { test: true },
      );
      const nowSeconds = Math.floor(services.clock.now() / 1000);
      const expiresAt = Math.min(Math.ceil(payment.expiresAt / 1000), nowSeconds + SANDBOX_SIGNATURE_TTL_SECONDS);
      const sandbox = services.config.chain.mode === 'sandbox';
      const signature = signEpp(
        {
          paymentId: payment.id,
          serviceUrl: origin,
          expiresAt,
          allowedOrigins: [origin],
          sandbox,
          assetSymbol: payButtonSymbol(payment),
        },
        services.eppSecret,
      );
      return {
        signature,
        paymentId: payment.id,
        serviceOrigin: origin,
        mode: services.config.chain.mode,
        signatureExpiresAt: new Date(expiresAt * 1000).toISOString(),
        amount: view.amount,
      };
    },
  });
}
