import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { assetOf } from '../../contract/asset';
import { addRoute } from '../http/route';
import { errors } from '../http/responses';
import {
  DepositRequestSchema,
  HostedDepositResponseSchema,
  ListPaymentsQuerySchema,
  PaymentIdParamsSchema,
  PaymentListSchema,
  PaymentSchema,
  ReceivingAddressResponseSchema,
} from '../../contract/payments';
import type { CreateResult } from '../payments/payment-service';
import { webhookEndpointRoutes } from './webhook-endpoint-routes';
import {
  CreateRefundRequestSchema,
  RefundIdParamsSchema,
  RefundListSchema,
  RefundSchema,
} from '../../contract/refunds';

const TAGS = ['Payments'];
const REFUND_TAGS = ['Refunds'];

/** Stripe's convention: a replayed idempotent request says so, with the same status as the first. */
function markReplay(reply: FastifyReply, result: CreateResult): void {
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
}

export async function merchantRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;

  addRoute(app, {
    method: 'POST',
    url: '/invoice/deposit',
    operationId: 'createHostedDeposit',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Create a deposit paid on the hosted payment page',
    description:
      'Redirect the customer to `url`: the hosted page shows the amount, QR code and wallet links, and returns the customer to `successUrl` once paid.',
    body: DepositRequestSchema,
    responses: {
      200: { description: 'The payment and its hosted page', schema: HostedDepositResponseSchema },
      ...errors(409),
    },
    handler: async ({ body }, _req, reply) => {
      const result = await payments.create('hpp', body);
      markReplay(reply, result);
      return { ...result.view, url: result.view.links.checkout };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/crypto/deposit/receiving-address',
    operationId: 'createReceivingAddress',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Create a deposit and get where and how to pay',
    description:
      'For your own payment screen: the wallet `address`, the `memo` the transfer must carry, `amount` and `amountBaseUnits`, the `links.ton` transfer link and `expiresAt`.',
    body: DepositRequestSchema,
    responses: { 200: { description: 'Payment instructions', schema: ReceivingAddressResponseSchema }, ...errors(409) },
    handler: async ({ body }, _req, reply) => {
      const result = await payments.create('address', body);
      markReplay(reply, result);
      return { ...result.view, network: 'TON' as const, decimals: assetOf(result.view.currency).decimals };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/crypto/deposit/invoice',
    operationId: 'createInvoice',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Create an invoice with its payment links',
    body: DepositRequestSchema,
    responses: { 200: { description: 'The invoice', schema: PaymentSchema }, ...errors(409) },
    handler: async ({ body }, _req, reply) => {
      const result = await payments.create('invoice', body);
      markReplay(reply, result);
      // The text the creation event stored: serialised once, and no serializer to compile on a cold start's first create
      return reply.type('application/json; charset=utf-8').send(result.json);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/crypto/payment/:paymentId',
    operationId: 'getPayment',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Read a payment record',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The payment', schema: PaymentSchema }, ...errors(404) },
    handler: async ({ params }, _req, reply) =>
      reply.type('application/json; charset=utf-8').send(await payments.viewJson(params.paymentId)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/crypto/payments',
    operationId: 'listPayments',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'List payments, newest first',
    description: 'Pass `nextCursor` back as `cursor` for the next page; it is `null` on the last one.',
    query: ListPaymentsQuerySchema,
    responses: { 200: { description: 'A page of payments', schema: PaymentListSchema } },
    handler: async ({ query }) => {
      const page = await payments.list({
        status: query.status,
        externalId: query.externalId,
        limit: query.limit + 1,
        createdFrom: query.createdFrom ? Date.parse(query.createdFrom) : undefined,
        createdTo: query.createdTo ? Date.parse(query.createdTo) : undefined,
        beforeSeq: query.cursor ? Number(query.cursor) : undefined,
      });
      const items = page.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: await Promise.all(items.map((p) => payments.present(p))),
        nextCursor: page.length > query.limit && last ? String(last.seq) : null,
      };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/crypto/payment/:paymentId/cancel',
    operationId: 'cancelPayment',
    tags: TAGS,
    auth: 'apiKey',
    summary: 'Cancel a pending payment (one that has received nothing yet)',
    params: PaymentIdParamsSchema,
    body: z.strictObject({}).optional(),
    responses: { 200: { description: 'The cancelled payment', schema: PaymentSchema }, ...errors(404, 409) },
    handler: async ({ params }) => payments.present(await payments.cancel(params.paymentId)),
  });

  refundRoutes(app);
  await webhookEndpointRoutes(app);
}

/** Refunds: asked for here, signed and sent by the merchant's own wallet, seen by the watcher. */
function refundRoutes(app: FastifyInstance): void {
  const { refunds } = app.services;

  addRoute(app, {
    method: 'POST',
    url: '/crypto/payment/:paymentId/refunds',
    operationId: 'createRefund',
    tags: REFUND_TAGS,
    auth: 'apiKey',
    summary: 'Ask for a refund, to be sent from your own wallet',
    description:
      "Open `links.ton` (or its QR code) with the wallet app that owns the store's wallet: it sends exactly `amount` to `destination` with `memo` as the comment. The watcher sees it leave and the refund turns `sent` (`refund.sent`). The refunds of a payment never add up to more than was paid.",
    params: PaymentIdParamsSchema,
    body: CreateRefundRequestSchema,
    responses: {
      200: { description: "The refund, awaiting the wallet's signature", schema: RefundSchema },
      ...errors(404, 409),
    },
    handler: async ({ params, body }) => refunds.create(params.paymentId, body, 'api'),
  });

  addRoute(app, {
    method: 'GET',
    url: '/crypto/payment/:paymentId/refunds',
    operationId: 'listRefunds',
    tags: REFUND_TAGS,
    auth: 'apiKey',
    summary: 'List the refunds of a payment, oldest first',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The refunds', schema: RefundListSchema }, ...errors(404) },
    handler: async ({ params }) => ({ items: await refunds.list(params.paymentId) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/crypto/payment/:paymentId/refunds/:refundId/cancel',
    operationId: 'cancelRefund',
    tags: REFUND_TAGS,
    auth: 'apiKey',
    summary: 'Cancel a refund that has not been sent yet',
    params: RefundIdParamsSchema,
    body: z.strictObject({}).optional(),
    responses: { 200: { description: 'The cancelled refund', schema: RefundSchema }, ...errors(404, 409) },
    handler: async ({ params }) => refunds.cancel(params.paymentId, params.refundId, 'api'),
  });
}
