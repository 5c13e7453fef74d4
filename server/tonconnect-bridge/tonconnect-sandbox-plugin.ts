/**
 * Offline TON Connect (issue 30), sandbox mode only: the loopback HTTP bridge and the sandbox wallet
 * that connects through it, so the checkout, the till and the console can be paid and connected
 * through TON Connect with no internet. app.ts registers this when the service runs a sandbox chain.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { bridgeRoutes } from './bridge-routes';
import { BridgeStore } from './bridge-store';

export interface TonConnectSandboxOptions {
  /** how often an open bridge stream gets a heartbeat; 15 s by default */
  heartbeatMs?: number;
}

export async function tonConnectSandboxRoutes(
  app: FastifyInstance,
  options: TonConnectSandboxOptions = {},
): Promise<void> {
  // registered in sandbox mode; a restart onto a real chain closes it without rebuilding the app
  app.addHook('onRequest', async () => {
    if (app.runtime?.info.mode !== 'sandbox') throw notFound('the sandbox TON Connect bridge (sandbox mode only)');
  });
  const store = new BridgeStore(app.services.clock);
  await app.register(bridgeRoutes, { store, heartbeatMs: options.heartbeatMs ?? 15_000, maxStreams: 500 });
}
