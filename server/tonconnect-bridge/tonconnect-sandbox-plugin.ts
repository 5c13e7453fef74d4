/**
 * Offline TON Connect (issue 30), sandbox mode only: the loopback HTTP bridge, the sandbox wallet that
 * connects through it and its pages, and the console route behind `npm run simulate -- tonconnect`.
 * app.ts registers this when the service runs a sandbox chain.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invalidInput } from '../domain/errors';
import { AppError, ErrorCode, notFound } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import { parseConnectLink, SandboxTonConnectWallet, type WalletChain } from '../sandbox/sandbox-tonconnect-wallet';
import { bridgeRoutes } from './bridge-routes';
import { BridgeStore } from './bridge-store';
import { loadManifest, type ManifestLoad } from './wallet-app-manifest';
import { walletPageRoutes } from './wallet-page-routes';

export interface TonConnectSandboxOptions {
  /** how often an open bridge stream gets a heartbeat; 15 s by default */
  heartbeatMs?: number;
}

const OpenLinkBodySchema = z.object({
  link: z.string().min(1).max(8192).meta({ description: 'The TON Connect universal link the app made' }),
  account: z.enum(['payer', 'merchant']).default('payer'),
});

export async function tonConnectSandboxRoutes(
  app: FastifyInstance,
  options: TonConnectSandboxOptions = {},
): Promise<void> {
  // registered in sandbox mode; a restart onto a real chain closes it without rebuilding the app
  app.addHook('onRequest', async () => {
    if (app.runtime?.info.mode !== 'sandbox') throw notFound('the sandbox TON Connect bridge (sandbox mode only)');
  });
  const store = new BridgeStore(app.services.clock);
  const chain = async (): Promise<WalletChain> => {
    const runtime = await app.runtime!.ready();
    if (!runtime.chain.sandbox)
      throw new AppError(403, ErrorCode.sandboxOnly, 'the sandbox wallet needs the sandbox chain');
    return { sandbox: runtime.chain.sandbox, afterSend: async () => void (await runtime.watcher.pollNow()) };
  };
  const wallet = new SandboxTonConnectWallet(store, chain, app.services.clock);
  const manifests: ManifestLoad = { app, chain };
  await app.register(bridgeRoutes, { store, heartbeatMs: options.heartbeatMs ?? 15_000, maxStreams: 500 });
  await app.register(walletPageRoutes, { wallet, manifests });

  addRoute(app, {
    method: 'POST',
    url: '/console/api/simulator/tonconnect',
    operationId: 'simulateTonConnectWallet',
    tags: ['Console: sandbox'],
    auth: 'console',
    summary:
      'The sandbox wallet opens a TON Connect universal link, connects and approves every request (sandbox mode)',
    body: OpenLinkBodySchema,
    responses: { 200: { description: 'Connected' }, ...errors(400) },
    handler: async ({ body }, request) => {
      let query: Record<string, string>;
      try {
        query = Object.fromEntries(new URL(body.link).searchParams);
      } catch {
        throw invalidInput('link', 'must be a TON Connect universal link (a URL)');
      }
      const link = parseConnectLink(query);
      const manifest = await loadManifest(manifests, request, link.request.manifestUrl);
      const session = await wallet.connect(link, manifest, body.account, { autoApprove: true });
      return {
        sessionId: session.id,
        account: session.account,
        address: session.address.toString({ testOnly: true, bounceable: false }),
        app: manifest.name,
      };
    },
  });
}
