import type { Wallet } from '@tonconnect/sdk';
import type { FastifyInstance } from 'fastify';
import { TillWalletSessionSchema } from '../../contract/till-wallet';
import { PaymentIdParamsSchema } from '../../contract/payments';
import type { TonConnectNetwork } from '../../contract/wallet-connect';
import { chainNotOpen, notFound } from '../http/errors';
import { errors, ErrorSchema } from '../http/responses';
import { addRoute } from '../http/route';
import { TONCONNECT_MANIFEST_PATH } from '../payment-pages/tonconnect-routes';
import { walletRequest } from '../payment-pages/wallet-request-routes';
import { sandboxWalletListEntry } from '../tonconnect-bridge/sandbox-wallet-entry';
import { dueForWalletRequest } from '../wallet-connect/wallet-request-checks';
import { BUNDLED_WALLETS, type WalletsListItem } from '../wallet-connect/wallets-list';
import type { ConnectSource, TillWalletSessionDeps } from './till-wallet-session';
import { TillWalletSessions } from './till-wallet-sessions';

const TAGS = ['Console: till'];
const URL_PATH = '/payments/:paymentId/wallet-session';

/** The HTTP bridges of `wallets`, each once: a `tc://` link any of these wallets can open. */
const bridgesOf = (wallets: readonly WalletsListItem[]): { bridgeUrl: string }[] =>
  [...new Set(wallets.flatMap((w) => w.bridge.flatMap((b) => (b.type === 'sse' ? [b.url] : []))))].map((bridgeUrl) => ({
    bridgeUrl,
  }));

/**
 * What the session needs from the service. In sandbox mode the link opens the sandbox wallet's page and
 * the one bridge is the service's own; otherwise it is a `tc://` link over the bundled wallets' bridges.
 */
function sessionDeps(app: FastifyInstance, paymentId: string, mode: string): TillWalletSessionDeps {
  const { services } = app;
  const publicUrl = services.publicUrl();
  const sandbox = mode === 'sandbox' ? sandboxWalletListEntry(publicUrl) : null;
  const wallets: readonly WalletsListItem[] = sandbox ? [...BUNDLED_WALLETS, { ...sandbox }] : BUNDLED_WALLETS;
  const source: ConnectSource = sandbox
    ? { universalLink: sandbox.universal_url, bridgeUrl: sandbox.bridge[0]!.url }
    : bridgesOf(BUNDLED_WALLETS);
  return {
    settings: services.settings,
    clock: services.clock,
    manifestUrl: `${publicUrl}${TONCONNECT_MANIFEST_PATH}`,
    // the SDK reads the list as it stores the connection: from memory, never config.ton.org nor a
    // public address the service may not reach from inside
    walletsListSource: `data:application/json;base64,${Buffer.from(JSON.stringify(wallets)).toString('base64')}`,
    source,
    // the checkout's own request, built the same way for this payer: what is still due when it connects
    transferFor: (wallet: Wallet) =>
      walletRequest(app, paymentId, {
        payer: wallet.account.address,
        network: wallet.account.chain as TonConnectNetwork,
      }),
    walletName: (appName) => wallets.find((w) => w.app_name === appName)?.name ?? appName,
    testOnly: mode !== 'mainnet',
  };
}

/**
 * "Pay with wallet" at the till (issue 30): the service holds the app's side of the TON Connect
 * session; the till shows its link as a QR and polls its state. Owner and cashiers, like the till.
 */
export async function tillWalletRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const sessions = new TillWalletSessions(
    services.clock,
    services.settings,
    services.config.database.url !== undefined,
    (err) => app.log.warn({ err }, 'could not delete the till wallet sessions the last run left'),
  );
  app.addHook('onClose', async () => sessions.endAll());

  addRoute(app, {
    method: 'POST',
    url: URL_PATH,
    operationId: 'startTillWalletSession',
    tags: TAGS,
    auth: 'staff',
    summary:
      'Pay with wallet at the till: starts (or returns the running) TON Connect session for this payment; show its link as a QR',
    params: PaymentIdParamsSchema,
    responses: {
      200: { description: 'The session', schema: TillWalletSessionSchema },
      ...errors(404, 409),
      503: { description: 'CHAIN_UNAVAILABLE: the chain is not open yet', schema: ErrorSchema },
    },
    handler: async ({ params }) => {
      const payment = await services.payments.get(params.paymentId);
      dueForWalletRequest(payment, services.clock.now());
      const mode = app.runtime?.info.mode;
      if (!mode) throw chainNotOpen();
      const session = await sessions.start(payment.id, payment.expiresAt, () => sessionDeps(app, payment.id, mode));
      return session.view();
    },
  });

  addRoute(app, {
    method: 'GET',
    url: URL_PATH,
    operationId: 'getTillWalletSession',
    tags: TAGS,
    auth: 'staff',
    summary: "Where the payment's wallet session stands: waiting for a wallet, connected, awaiting approval, approved…",
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The session', schema: TillWalletSessionSchema }, ...errors(404) },
    handler: async ({ params }) => {
      const session = await sessions.view(params.paymentId);
      if (!session) throw notFound("this payment's wallet session");
      return session;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: URL_PATH,
    operationId: 'endTillWalletSession',
    tags: TAGS,
    auth: 'staff',
    summary: 'Ends the wallet session (the wallet is disconnected); the payment itself stays as it is',
    params: PaymentIdParamsSchema,
    responses: { 204: { description: 'Ended, or there was none' } },
    handler: async ({ params }, _request, reply) => {
      await sessions.end(params.paymentId);
      return reply.status(204).send();
    },
  });
}
