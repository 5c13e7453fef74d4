import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import {
  AttachTransferBodySchema,
  DismissTransferBodySchema,
  InboxListSchema,
  SimulateRequestSchema,
  SimulationResultSchema,
  TransferHistoryQuerySchema,
  TransferHistorySchema,
  TxHashParamsSchema as TxHashParams,
  UnmatchedQuerySchema,
  UnmatchedTransferSchema,
  WatcherStatusViewSchema,
} from '../../contract/chain';
import { PaymentSchema } from '../../contract/payments';
import { presentTransfer } from '../payments/transfer-ledger';
import type { FailoverStatus } from '../chain/failover-source';
import { formatAmount } from '../../contract/amount';
import type { AssetCode } from '../../contract/asset';
import type { WatchedAccount } from '../chain/watched-account';
import type { ReconciliationRecord } from '../storage/ledger-repositories';
import { InboxQueries } from './inbox-queries';

const TAGS = ['Console: chain'];

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function presentProviders(status: FailoverStatus) {
  const { active, primary, degraded, providers } = status;
  return { active, primary, degraded, list: providers.map((p) => ({ ...p, since: new Date(p.since).toISOString() })) };
}

/** The watcher's health, the unmatched inbox and (sandbox) the simulator, for the console. */
/** A verdict as the watcher status shows it: the difference in the asset's own decimals. */
function presentVerdict(asset: AssetCode, verdict: ReconciliationRecord) {
  return {
    difference: formatAmount(verdict.difference, asset),
    checkedAt: new Date(verdict.checkedAt).toISOString(),
    atLt: verdict.atLt.toString(),
  };
}

/** Each watched account's books and their last verdict, in the order the accounts are watched. */
async function lastVerdicts(app: FastifyInstance, accounts: readonly Pick<WatchedAccount, 'address' | 'asset'>[]) {
  const verdicts = await Promise.all(
    accounts.map(async ({ address, asset }) => {
      const verdict = await app.services.books.last(address);
      return { asset, verdict: verdict && presentVerdict(asset, verdict) };
    }),
  );
  return verdicts;
}

export async function chainConsoleRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, {
    method: 'GET',
    url: '/watcher',
    operationId: 'getWatcherStatus',
    tags: TAGS,
    auth: 'staff',
    summary: 'Chain mode and the watcher status (last poll, lag, errors)',
    responses: { 200: { description: 'Watcher status', schema: WatcherStatusViewSchema } },
    handler: async () => {
      const runtime = app.runtime?.current();
      if (!runtime) return { mode: app.services.config.chain.mode, running: false };
      const { stream, ...status } = runtime.watcher.status();
      const books = await app.services.books.last(runtime.chain.watchedAccount);
      const assetBooks = await lastVerdicts(app, runtime.chain.watchedAccounts);
      return {
        mode: runtime.chain.info.mode,
        merchantAddress: runtime.chain.info.merchantAddress,
        jettonMaster: runtime.chain.info.jettonMaster,
        watchedAccount: runtime.chain.watchedAccount.toString(),
        ...status,
        lastPollAt: isoOrNull(status.lastPollAt),
        lastSuccessAt: isoOrNull(status.lastSuccessAt),
        cursor: status.cursor && { lt: status.cursor.lt.toString(), hash: status.cursor.hash },
        stream: stream && { ...stream, since: isoOrNull(stream.since), lastEventAt: isoOrNull(stream.lastEventAt) },
        providers: runtime.chain.providers ? presentProviders(runtime.chain.providers.status()) : null,
        books: books && presentVerdict('USDT', books),
        assetBooks,
      };
    },
  });

  inboxRoutes(app);

  addRoute(app, {
    method: 'POST',
    url: '/simulator/pay',
    operationId: 'simulatePayment',
    tags: TAGS,
    auth: 'console',
    summary:
      'Sandbox only: send a real emulated transfer (or an attack) to a payment and report what the service concluded',
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

/** The unmatched inbox: list with suggestions and search, attach, dismiss (with a reason), undo, history. */
function inboxRoutes(app: FastifyInstance): void {
  const { ledger, payments } = app.services;
  const inbox = new InboxQueries(payments, ledger);
  addRoute(app, {
    method: 'GET',
    url: '/transfers/unmatched',
    operationId: 'listUnmatchedTransfers',
    tags: TAGS,
    auth: 'console',
    summary: 'Transfers whose memo matched no payment, each with the payments it likely belongs to',
    description:
      "Suggestions: open or recently expired payments whose due amount equals the transfer, nearest in time first. `q` matches an amount, the comment or memo, the sender, or a suggested payment's customer email.",
    query: UnmatchedQuerySchema,
    responses: { 200: { description: 'The inbox', schema: InboxListSchema } },
    handler: async ({ query }) => ({ items: await inbox.inbox(query.limit, query.q) }),
  });
  addRoute(app, {
    method: 'GET',
    url: '/transfers/history',
    operationId: 'listTransferDecisions',
    tags: TAGS,
    auth: 'console',
    summary: 'Decisions on unmatched transfers (attached, dismissed, undone), newest first',
    query: TransferHistoryQuerySchema,
    responses: { 200: { description: 'The history', schema: TransferHistorySchema } },
    handler: async ({ query }) => ({ items: await inbox.history(query.action, query.limit) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/transfers/:txHash/attach',
    operationId: 'attachTransfer',
    tags: TAGS,
    auth: 'console',
    summary: 'Credit an unmatched transfer to a payment',
    params: TxHashParams,
    body: AttachTransferBodySchema,
    responses: { 200: { description: 'The payment after crediting', schema: PaymentSchema }, ...errors(404, 409) },
    handler: async ({ params, body }, request) =>
      payments.present(await ledger.attach(params.txHash, body.paymentId, body.note, actorOf(request))),
  });
  addRoute(app, {
    method: 'POST',
    url: '/transfers/:txHash/dismiss',
    operationId: 'dismissTransfer',
    tags: TAGS,
    auth: 'console',
    summary: 'Dismiss an unmatched transfer with a reason (kept in the history; undoable)',
    params: TxHashParams,
    body: DismissTransferBodySchema,
    responses: { 200: { description: 'The dismissed transfer', schema: UnmatchedTransferSchema }, ...errors(404, 409) },
    handler: async ({ params, body }, request) =>
      presentTransfer(await ledger.dismiss(params.txHash, body.note, actorOf(request))),
  });
  addRoute(app, {
    method: 'POST',
    url: '/transfers/:txHash/restore',
    operationId: 'restoreTransfer',
    tags: TAGS,
    auth: 'console',
    summary: 'Undo a dismissal: the transfer is back in the inbox',
    params: TxHashParams,
    responses: {
      200: { description: 'The transfer, unmatched again', schema: UnmatchedTransferSchema },
      ...errors(404, 409),
    },
    handler: async ({ params }, request) => presentTransfer(await ledger.restore(params.txHash, actorOf(request))),
  });
}
