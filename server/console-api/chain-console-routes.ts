import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SimulateRequestSchema } from '../simulator/simulator';
import { AppError, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import { PaymentSchema } from '../../contract/payments';
import { presentTransfer } from '../payments/transfer-ledger';
import { sandboxSimulator } from '../runtime/runtime';

const TAGS = ['Console: chain'];
const TxHashParams = z.strictObject({ txHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a transaction hash (64 hex digits)') });
const DecisionNote = z.string().trim().max(500).default('');

/** The watcher's health, the unmatched inbox and (sandbox) the simulator, for the console. */
export async function chainConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { ledger, payments } = app.services;

  addRoute(app, {
    method: 'GET', url: '/watcher', operationId: 'getWatcherStatus', tags: TAGS, auth: 'console', summary: 'Chain mode and the watcher status (last poll, lag, errors)',
    responses: { 200: { description: 'Watcher status' } },
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
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
    responses: { 200: { description: 'The inbox' } },
    handler: ({ query }) => ({ items: ledger.listUnmatched(query.limit).map(presentTransfer) }),
  });

  addRoute(app, {
    method: 'POST', url: '/transfers/:txHash/attach', operationId: 'attachTransfer', tags: TAGS, auth: 'console', summary: 'Credit an unmatched transfer to a payment',
    params: TxHashParams,
    body: z.strictObject({ paymentId: z.string().regex(/^pay_[0-9A-Za-z]{22}$/, 'must be a payment id'), note: DecisionNote }),
    responses: { 200: { description: 'The payment after crediting', schema: PaymentSchema }, ...errors(404, 409) },
    handler: ({ params, body }) => payments.present(ledger.attach(params.txHash, body.paymentId, body.note)),
  });

  addRoute(app, {
    method: 'POST', url: '/transfers/:txHash/dismiss', operationId: 'dismissTransfer', tags: TAGS, auth: 'console', summary: 'Dismiss an unmatched transfer (the decision is kept)',
    params: TxHashParams,
    body: z.strictObject({ note: DecisionNote }),
    responses: { 200: { description: 'The dismissed transfer' }, ...errors(404, 409) },
    handler: ({ params, body }) => presentTransfer(ledger.dismiss(params.txHash, body.note)),
  });

  addRoute(app, {
    method: 'POST', url: '/simulator/pay', operationId: 'simulatePayment', tags: TAGS, auth: 'console',
    summary: 'Sandbox only: send a real emulated transfer (or an attack) to a payment and report what the service concluded',
    body: SimulateRequestSchema,
    responses: {
      200: { description: 'The transactions sent and the payment afterwards' },
      403: { description: 'SANDBOX_ONLY: the simulator exists only in sandbox chain mode', schema: ErrorSchema },
      ...errors(404),
    },
    handler: async ({ body }) => {
      const simulator = await sandboxSimulator(app.runtime);
      if (!simulator) throw new AppError(403, ErrorCode.sandboxOnly, 'the simulator exists only in sandbox chain mode');
      return simulator.pay(body);
    },
  });
}
