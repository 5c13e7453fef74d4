import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, chainNotOpen, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import { TON_CONNECT_NETWORK_OF } from '../wallet-connect/jetton-transfer-request';
import { buildPaymentTransferRequest } from '../wallet-connect/payment-transfer-request';
import { checkWalletNetwork, dueForWalletRequest, payerAddress } from '../wallet-connect/wallet-request-checks';
import { PaymentIdParamsSchema } from '../../contract/payments';
import {
  WalletTransferRequestBodySchema,
  WalletTransferRequestSchema,
  type WalletTransferRequest,
  type WalletTransferRequestBody,
} from '../../contract/wallet-connect';

const TAGS = ['Checkout (public)'];

/** A random 64-bit query id, as wallet apps pick one: two requests for one payment never look alike. */
const newQueryId = (): bigint => randomBytes(8).readBigUInt64BE();

/** The chain a jetton request needs (the payer's jetton wallet is asked of it): a 503 while it is not open. */
async function openChain(app: FastifyInstance) {
  const runtime = await app.runtime?.ready().catch(() => null);
  if (!runtime) throw chainNotOpen();
  return runtime;
}

/**
 * POST /pay/:paymentId/wallet-request: public like the checkout's status (the unguessable payment
 * id is the key), same-origin for the hosted page and the embedded one alike (both live on the
 * service's origin and call it relative to themselves). The root hook rate-limits it per address.
 */
export async function walletRequestRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, {
    method: 'POST',
    url: '/pay/:paymentId/wallet-request',
    operationId: 'createWalletTransferRequest',
    tags: TAGS,
    auth: 'public',
    summary:
      "TON Connect: the complete sendTransaction request that pays what is still due from the connected wallet, in the payment's asset (USDT: a jetton transfer from the payer's own jetton wallet; TON: a plain transfer to the store's wallet), the memo as its comment.",
    params: PaymentIdParamsSchema,
    body: WalletTransferRequestBodySchema,
    responses: {
      200: { description: 'Pass it to sendTransaction as it is', schema: WalletTransferRequestSchema },
      ...errors(400, 404, 409),
      503: { description: 'CHAIN_UNAVAILABLE: the chain cannot be read right now', schema: ErrorSchema },
    },
    handler: ({ params, body }) => walletRequest(app, params.paymentId, body),
  });
}

export async function walletRequest(
  app: FastifyInstance,
  paymentId: string,
  body: WalletTransferRequestBody,
): Promise<WalletTransferRequest> {
  const { services } = app;
  const payment = await services.payments.get(paymentId);
  const now = services.clock.now();
  const amount = dueForWalletRequest(payment, now);
  const payer = payerAddress(body.payer);
  const info = app.runtime?.info;
  if (!info) throw chainNotOpen();
  const network = TON_CONNECT_NETWORK_OF[info.mode];
  checkWalletNetwork(body.network, network);
  const jettonChain = async () => ({ source: (await openChain(app)).chain.source, jettonMaster: info.jettonMaster });
  try {
    return await buildPaymentTransferRequest(jettonChain, {
      asset: payment.currency,
      transfer: { queryId: newQueryId(), amount, merchant: payment.address, payer, memo: payment.memo },
      network,
      nowMs: now,
      expiresAtMs: payment.expiresAt,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The payer's jetton wallet could not be asked for: the chain's problem, not the request's.
    app.log.warn({ err, paymentId }, 'wallet request: the chain could not name the payer jetton wallet');
    throw new AppError(503, ErrorCode.chainUnavailable, 'the chain cannot be read right now; try again shortly');
  }
}
