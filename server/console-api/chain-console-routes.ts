import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import {
  AttachTransferBodySchema, DismissTransferBodySchema, SimulateRequestSchema, SimulationResultSchema, TxHashParamsSchema as TxHashParams,
  UnmatchedListSchema, UnmatchedQuerySchema, UnmatchedTransferSchema, WatcherStatusViewSchema,
} from '../../contract/chain';
import { PaymentSchema } from '../../contract/payments';
import { presentTransfer } from '../payments/transfer-ledger';

const TAGS = ['Console: chain'];

/** The watcher's health, the unmatched inbox and (sandbox) the simulator, for the console. */
export async function chainConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { ledger, payments } = app.services;

  addRoute(app, {
    method: 'GET', url: '/watcher', operationId: 'getWatcherStatus', tags: TAGS, auth: 'console', summary: 'Chain mode and the watcher status (last poll, lag, errors)',
    responses: { 200: { description: 'Watcher status', schema: WatcherStatusViewSchema } },
    handler: () => {
      const runtime = app.runtime?.current();
      if (!runtime) return { mode: app.services.config.chain.mode, running: false };
      const status = runtime.watcher.status();
      return {
        mode: runtime.chain.info.mode, merchantAddress: runtime.chain.info.merchantAddress, jettonMaster: runtime.chain.info.jettonMaster,
        watchedAccount: runtime.chain.watchedAccount.toString(), ...status,
        lastPollAt: status.lastPollAt && new Date(status.lastPollAt).toISOString(),
        lastSuccessAt: status.lastSuccessAt && new Date(status.lastSuccessAt).toISOString(),
        cursor: status.cursor && { lt: status.cursor.lt.toString(), hash: status.cursor.hash },
      };
    },
  });

  addRoute(app, {
    method: 'GET', url: '/transfers/unmatched', operationId: 'listUnmatchedTransfers', tags: TAGS, auth: 'console', summary: 'Transfers whose memo matched no payment',
    query: UnmatchedQuerySchema,
    responses: { 200: { description: 'The inbox', schema: UnmatchedListSchema } },
    handler: async ({ query }) => ({ items: (await ledger.listUnmatched(query.limit)).map(presentTransfer) }),
  });

  addRoute(app, {
    method: 'POST', url: '/transfers/:txHash/attach', operationId: 'attachTransfer', tags: TAGS, auth: 'console', summary: 'Credit an unmatched transfer to a payment',
    params: TxHashParams,
    body: AttachTransferBodySchema,
    responses: { 200: { description: 'The payment after crediting', schema: PaymentSchema }, ...errors(404, 409) },
    handler: async ({ params, body }) => payments.present(await ledger.attach(params.txHash, body.paymentId, body.note)),
  });

  addRoute(app, {
    method: 'POST', url: '/transfers/:txHash/dismiss', operationId: 'dismissTransfer', tags: TAGS, auth: 'console', summary: 'Dismiss an unmatched transfer (the decision is kept)',
    params: TxHashParams,
    body: DismissTransferBodySchema,
    responses: { 200: { description: 'The dismissed transfer', schema: UnmatchedTransferSchema }, ...errors(404, 409) },
    handler: async ({ params, body }) => presentTransfer(await ledger.dismiss(params.txHash, body.note)),
  });

  addRoute(app, {
    method: 'POST', url: '/simulator/pay', operationId: 'simulatePayment', tags: TAGS, auth: 'console',
    summary: 'Sandbox only: send a real emulated transfer (or an attack) to a payment and report what the service concluded',
    body: SimulateRequestSchema,
    responses: {
      200: { description: 'The transactions sent and the payment afterwards', schema: SimulationResultSchema },
      403: { description: 'SANDBOX_ONLY: the simulator exists only in sandbox chain mode', schema: ErrorSchema },
      ...errors(404),
    },
    handler: async ({ body }) => {
      const simulator = (await app.runtime?.sandboxSimulator()) ?? null;
      if (!simulator) throw new AppError(403, ErrorCode.sandboxOnly, 'the simulator exists only in sandbox chain mode');
      return simulator.pay(body);
    },
  });
}
