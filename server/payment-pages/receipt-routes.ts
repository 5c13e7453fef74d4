import type { FastifyInstance, FastifyReply } from 'fastify';
import { PaymentIdParamsSchema } from '../../contract/payments';
import { DEFAULT_RECEIPT_PAPER, receiptPath, ReceiptPaperSchema, type ReceiptPaper } from '../../contract/receipts';
import { explorerTxUrl } from '../payments/payment-links';
import { hasReceipt, renderNoReceipt, renderReceipt, type RenderedPage } from './receipt-html';
import { readStoreBrand } from './store-profile';
import { storeTimeZone } from '../settings/time-zone';

function sendPage(reply: FastifyReply, status: number, page: RenderedPage): FastifyReply {
  return reply
    .code(status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/** An unknown paper is the default one: a receipt link with a stray parameter still shows the receipt. */
const paperOf = (query: unknown): ReceiptPaper => {
  const parsed = ReceiptPaperSchema.safeParse((query as { paper?: unknown } | null)?.paper);
  return parsed.success ? parsed.data : DEFAULT_RECEIPT_PAPER;
};

/**
 * GET /pay/:paymentId/receipt: public like the hosted page it belongs to (whoever has the payment's
 * link may see it). A customer opens it from a link, so every answer is a page: a missing or unpaid
 * payment gets a readable 404 page, never a JSON error.
 */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.get('/pay/:paymentId/receipt', { config: { auth: 'public' } }, async (request, reply) => {
    const paper = paperOf(request.query);
    const params = PaymentIdParamsSchema.safeParse(request.params);
    const found = params.success ? await services.payments.find(params.data.paymentId) : null;
    if (!found) return sendPage(reply, 404, renderNoReceipt('not_found', paper, null));
    const [payment, refunds] = await Promise.all([services.payments.present(found), services.refunds.list(found.id)]);
    if (!hasReceipt(payment, refunds)) return sendPage(reply, 404, renderNoReceipt('not_paid', paper, payment.id));
    const mode = app.runtime?.info.mode ?? 'sandbox';
    return sendPage(
      reply,
      200,
      renderReceipt(
        {
          payment,
          refunds,
          store: await readStoreBrand(services.settings),
          timeZone: await storeTimeZone(services.settings),
          tip: found.tip,
          url: `${services.publicUrl()}/${receiptPath(payment.id)}`,
          explorerUrl: (txHash) => {
            const url = explorerTxUrl(mode, txHash);
            return url.startsWith('https://') ? url : null;
          },
        },
        paper,
      ),
    );
  });
}
