import { ASSETS } from '../../contract/asset';
import type { FastifyInstance } from 'fastify';
import { classifyChainError } from '../chain/toncenter-source';
import { AppError, chainNotOpen, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import {
  ReconciliationQuerySchema,
  ReconciliationSchema,
  WithdrawRequestSchema,
  WithdrawResultSchema,
} from '../../contract/chain';
import { OutgoingTransferListSchema, SimulatedRefundSchema, SimulateRefundRequestSchema } from '../../contract/refunds';
import { BooksBehindError, presentReconciliation } from '../payments/wallet-books';

const TAGS = ['Console: chain'];
/** The console shows the recent ones; the books keep them all. */
const OUTGOING_SHOWN = 100;

/** A chain that cannot be read now is the chain's problem, not the request's: 503 with what to expect. */
function chainUnavailable(err: unknown): unknown {
  if (err instanceof BooksBehindError)
    return new AppError(503, ErrorCode.chainUnavailable, `${err.message}; try again shortly`);
  if (classifyChainError(err) !== 'other')
    return new AppError(503, ErrorCode.chainUnavailable, 'the chain cannot be read right now; try again shortly');
  return err;
}

/** The books against the chain: reconciliation on demand, and (sandbox) the merchant's own withdrawal. */
export async function booksRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, {
    method: 'GET',
    url: '/chain/reconciliation',
    operationId: 'reconcileWallet',
    tags: TAGS,
    auth: 'console',
    summary: 'Check the ledger against the chain now, for USDT or (asset=TON) Toncoin',
    description:
      "USDT: reads the jetton wallet's balance (get_wallet_data) and newest transaction together, lets the watcher catch up to it, and compares. TON: reads the store wallet's history again and compares the Toncoin payments it received with the Toncoin transfers the ledger recorded; its own sends and fees are listed in `explained`, never counted. A new difference is announced once as `ledger.discrepancy`, with its `asset`.",
    query: ReconciliationQuerySchema,
    responses: {
      200: { description: 'The verdict', schema: ReconciliationSchema },
      503: {
        description: 'CHAIN_UNAVAILABLE: the chain or the watcher could not be read up to date; try again',
        schema: ErrorSchema,
      },
    },
    handler: async ({ query }) => {
      const runtime = await app.runtime?.ready().catch(() => null);
      if (!runtime) throw chainNotOpen();
      const { books } = app.services;
      try {
        const verdict =
          ASSETS[query.asset].kind === 'native'
            ? await books.reconcileToncoin({ ...runtime.books, storeWallet: runtime.chain.info.merchantAddress })
            : await books.reconcile(runtime.books);
        return presentReconciliation(verdict);
      } catch (err) {
        throw chainUnavailable(err);
      }
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/chain/outgoing',
    operationId: 'listOutgoingTransfers',
    tags: TAGS,
    auth: 'console',
    summary: "What the store's wallet sent or got back, newest first, with the refund each one was",
    description:
      'A send whose `refund` is null is explained by no refund: a withdrawal, or a refund sent with another amount, comment or recipient. Empty until the chain has opened.',
    responses: { 200: { description: 'The recent outgoing transfers', schema: OutgoingTransferListSchema } },
    handler: async () => {
      const runtime = await app.runtime?.ready().catch(() => null);
      return {
        items: runtime ? await app.services.refunds.outgoing(runtime.books.account.toRawString(), OUTGOING_SHOWN) : [],
      };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/simulator/withdraw',
    operationId: 'simulateWithdrawal',
    tags: TAGS,
    auth: 'console',
    summary: "Sandbox only: the merchant's wallet sends USDT elsewhere (as its wallet app would)",
    body: WithdrawRequestSchema,
    responses: {
      200: { description: 'What was sent', schema: WithdrawResultSchema },
      403: { description: 'SANDBOX_ONLY: the simulator exists only in sandbox chain mode', schema: ErrorSchema },
      ...errors(400),
    },
    handler: async ({ body }) => {
      const simulator = (await app.runtime?.sandboxSimulator()) ?? null;
      if (!simulator) throw new AppError(403, ErrorCode.sandboxOnly, 'the simulator exists only in sandbox chain mode');
      return simulator.withdraw(body);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/simulator/refund',
    operationId: 'simulateRefund',
    tags: TAGS,
    auth: 'console',
    summary:
      "Sandbox only: the merchant's wallet sends a refund (exactly, short, or with the wrong memo), as its wallet app would",
    body: SimulateRefundRequestSchema,
    responses: {
      200: { description: 'What was sent, and the refund afterwards', schema: SimulatedRefundSchema },
      403: { description: 'SANDBOX_ONLY: the simulator exists only in sandbox chain mode', schema: ErrorSchema },
      ...errors(404),
    },
    handler: async ({ body }) => {
      const simulator = (await app.runtime?.sandboxSimulator()) ?? null;
      if (!simulator) throw new AppError(403, ErrorCode.sandboxOnly, 'the simulator exists only in sandbox chain mode');
      return simulator.refund(body);
    },
  });
}
