import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/guards';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import { PaymentIdParamsSchema } from '../../contract/payments';
import {
  CreateRefundRequestSchema,
  RefundIdParamsSchema,
  RefundListSchema,
  RefundSchema,
} from '../../contract/refunds';

const TAGS = ['Console: refunds'];

/** The payment detail's refunds: asked for, listed, cancelled before the wallet sends them. */
export async function refundConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { refunds } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/payments/:paymentId/refunds',
    operationId: 'consoleListRefunds',
    tags: TAGS,
    auth: 'staff',
    summary: 'The refunds of a payment, oldest first',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The refunds', schema: RefundListSchema }, ...errors(404) },
    handler: async ({ params }) => ({ items: await refunds.list(params.paymentId) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/payments/:paymentId/refunds',
    operationId: 'consoleCreateRefund',
    tags: TAGS,
    auth: 'console',
    summary: "Ask for a refund; the merchant's wallet app sends it from its QR code",
    params: PaymentIdParamsSchema,
    body: CreateRefundRequestSchema,
    responses: {
      200: { description: "The refund, awaiting the wallet's signature", schema: RefundSchema },
      ...errors(404, 409),
    },
    // who asked, as the refund and the audit log name them: the session's holder ('owner')
    handler: async ({ params, body }, request) => refunds.create(params.paymentId, body, actorOf(request)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/payments/:paymentId/refunds/:refundId/cancel',
    operationId: 'consoleCancelRefund',
    tags: TAGS,
    auth: 'console',
    summary: 'Cancel a refund the wallet has not sent',
    params: RefundIdParamsSchema,
    body: z.strictObject({}).optional(),
    responses: { 200: { description: 'The cancelled refund', schema: RefundSchema }, ...errors(404, 409) },
    handler: async ({ params }, request) => refunds.cancel(params.paymentId, params.refundId, actorOf(request)),
  });
}
