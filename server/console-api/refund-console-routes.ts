import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/guards';
import { rawAddress } from '../chain/transfer-messages';
import { notFound } from '../domain/errors';
import { chainNotOpen } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import { TON_CONNECT_NETWORK_OF } from '../wallet-connect/jetton-transfer-request';
import {
  buildRefundTransferRequest,
  checkRefundAwaitingSignature,
  checkRefundSender,
} from '../wallet-connect/refund-transfer-request';
import { checkWalletNetwork, payerAddress } from '../wallet-connect/wallet-request-checks';
import { PaymentIdParamsSchema } from '../../contract/payments';
import {
  CreateRefundRequestSchema,
  RefundIdParamsSchema,
  RefundListSchema,
  RefundRateSchema,
  RefundSchema,
  RefundWalletRequestBodySchema,
  type RefundWalletRequestBody,
} from '../../contract/refunds';
import { WalletTransferRequestSchema, type WalletTransferRequest } from '../../contract/wallet-connect';

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
      ...errors(400, 404, 409),
      503: {
        description: "RATE_UNAVAILABLE: a fiat refund at today's rate, and no source gives one",
        schema: ErrorSchema,
      },
    },
    // who asked, as the refund and the audit log name them: the session's holder ('owner')
    handler: async ({ params, body }, request) => refunds.create(params.paymentId, body, actorOf(request)),
  });

  addRoute(app, {
    // a POST: it reads today's rate from the sources now (never a cached answer), as a refund would lock it
    method: 'POST',
    url: '/payments/:paymentId/refund-rate',
    operationId: 'consoleRefundRate',
    tags: TAGS,
    auth: 'console',
    summary: "Today's rate of a fiat-priced payment's price currency for the asset it was paid in",
    description: "What a refund stated in the price currency at today's rate (basis current) would convert at now.",
    params: PaymentIdParamsSchema,
    body: z.strictObject({}).optional(),
    responses: {
      200: { description: "Today's rate", schema: RefundRateSchema },
      ...errors(400, 404),
      503: { description: 'RATE_UNAVAILABLE: no source gives a trustworthy rate now', schema: ErrorSchema },
    },
    handler: async ({ params }) => {
      const { currency, rate } = await refunds.currentRate(params.paymentId);
      return {
        currency,
        asset: rate.asset,
        rate: rate.rate,
        source: rate.source,
        fixedAt: new Date(rate.fixedAt).toISOString(),
      };
    },
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

  addRoute(app, {
    method: 'POST',
    url: '/payments/:paymentId/refunds/:refundId/wallet-request',
    operationId: 'consoleRefundWalletRequest',
    tags: TAGS,
    auth: 'console',
    summary: "TON Connect: the request that sends a waiting refund from the store's connected wallet",
    description:
      "The complete sendTransaction request, in the asset the payment was paid in: for USDT one jetton transfer from the store's USDT jetton wallet, for Toncoin one transfer from the store's wallet to the destination; the memo as its comment.",
    params: RefundIdParamsSchema,
    body: RefundWalletRequestBodySchema,
    responses: {
      200: { description: 'Pass it to sendTransaction as it is', schema: WalletTransferRequestSchema },
      ...errors(400, 404, 409),
      503: { description: 'CHAIN_UNAVAILABLE: the chain is not open yet', schema: ErrorSchema },
    },
    handler: ({ params, body }) => refundWalletRequest(app, params, body),
  });
}

/**
 * The refund's transfer for the connected wallet, or the reason it is not asked for: a refund not
 * waiting (409), a wallet on the other network (400 `network`), no address (400 `from`), a wallet
 * that is not the store's (409 `from`, naming the one to connect).
 */
async function refundWalletRequest(
  app: FastifyInstance,
  params: { paymentId: string; refundId: string },
  body: RefundWalletRequestBody,
): Promise<WalletTransferRequest> {
  const { refund, asset } = await app.services.refunds.findWithAsset(params.refundId);
  if (refund.paymentId !== params.paymentId) throw notFound(`refund ${params.refundId}`);
  checkRefundAwaitingSignature(refund);
  const info = app.runtime?.info;
  if (!info) throw chainNotOpen();
  const network = TON_CONNECT_NETWORK_OF[info.mode];
  checkWalletNetwork(body.network, network);
  checkRefundSender(payerAddress(body.from, 'from'), info.merchantAddress);
  // the store's jetton wallet is known once the chain is open: the watcher reads it
  const runtime = await app.runtime?.ready().catch(() => null);
  if (!runtime) throw chainNotOpen();
  return buildRefundTransferRequest({
    refund,
    asset,
    merchant: rawAddress(info.merchantAddress),
    storeJettonWallet: runtime.chain.watchedAccount.toRawString(),
    network,
    nowMs: app.services.clock.now(),
    // random, as wallet apps pick it: a bounce brings it back, and two requests never look alike
    queryId: randomBytes(8).readBigUInt64BE(),
  });
}
