import { z } from 'zod';
import { PaymentIdParamsSchema } from '../../contract/payments';
import { ReceiptPaperSchema } from '../../contract/receipts';
import { HealthSchema } from '../../contract/service';
import { WidgetVersionsSchema } from '../../contract/widget';
import type { ApiDocs, DocumentedRoute } from './openapi';
import { errors } from './responses';

const html = (description: string) => ({ description, mediaType: 'text/html' });
const PAGES = ['Customer pages'];

/**
 * What the service answers outside `addRoute` and integrators are sent to (the spec's `{hpp_url}`,
 * the receipt, the checkout's live status, health checks, the widget's pinned builds). Their routes
 * live in payment-pages/ and app.ts; test/server/openapi-contract.test.ts calls each one as described.
 */
export const DOCUMENTED_PAGES: DocumentedRoute[] = [
  {
    method: 'GET',
    url: '/healthz',
    operationId: 'getHealth',
    tags: ['Service'],
    auth: 'public',
    summary: 'The service answers (for load balancers and probes; not rate limited)',
    responses: { 200: { description: 'Up', schema: HealthSchema } },
    neverAnswers: [429],
  },
  {
    method: 'GET',
    url: '/pay/:paymentId',
    operationId: 'showPaymentPage',
    tags: PAGES,
    auth: 'public',
    summary: 'The hosted payment page (`url` of POST /invoice/deposit): redirect the customer here',
    params: PaymentIdParamsSchema,
    responses: {
      200: html('The checkout page'),
      404: html('No such payment (a readable page)'),
      503: html('The checkout is not built on this server'),
    },
    neverAnswers: [400],
  },
  {
    method: 'GET',
    url: '/pay/:paymentId/receipt',
    operationId: 'showReceipt',
    tags: PAGES,
    auth: 'public',
    summary: 'The receipt of a paid payment, printable; public like the payment page',
    params: PaymentIdParamsSchema,
    query: z.object({
      paper: ReceiptPaperSchema.optional().meta({
        description: 'Layout: 80mm (default), 58mm or a4; an unknown value is 80mm',
      }),
    }),
    responses: {
      200: html('The receipt page (no script)'),
      404: html('"No receipt yet" (not paid) or "Receipt not found"'),
    },
    neverAnswers: [400],
  },
  {
    method: 'GET',
    url: '/pay/:paymentId/events',
    operationId: 'streamPaymentStatus',
    tags: PAGES,
    auth: 'public',
    summary: "The checkout's status as Server-Sent Events: a `status` frame now, and one at every change",
    description:
      "Each frame's data is what `GET /pay/{paymentId}/status` answers. Too many open streams: 429, poll that instead.",
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'An event stream', mediaType: 'text/event-stream' }, ...errors(404) },
  },
  {
    method: 'GET',
    url: '/widgets/versions.json',
    operationId: 'listWidgetVersions',
    tags: ['Widget'],
    auth: 'public',
    summary: 'Every widget build this service serves, with its Subresource Integrity hash, for pinning',
    responses: { 200: { description: 'The builds, newest first', schema: WidgetVersionsSchema }, ...errors(404) },
    neverAnswers: [429],
  },
  {
    method: 'GET',
    url: '/widgets/tontill-widget-:version.tgz',
    operationId: 'downloadWidgetPackage',
    tags: ['Widget'],
    auth: 'public',
    summary: 'The @tontill/widget npm package (npm pack tarball): `npm install <this URL>` until it is on the registry',
    params: z.object({
      version: z.string().meta({ description: 'A version listed by /widgets/versions.json', example: '0.2.0' }),
    }),
    responses: { 200: { description: 'The tarball', mediaType: 'application/gzip' }, ...errors(404) },
    neverAnswers: [400, 429],
  },
];

export function documentPages(docs: ApiDocs): void {
  for (const page of DOCUMENTED_PAGES) docs.addDocumented(page);
}
