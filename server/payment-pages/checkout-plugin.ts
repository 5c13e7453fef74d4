import type { FastifyInstance } from 'fastify';
import { embedCheckRoutes } from './embed-check-routes';
import { assetChoiceRoutes } from './asset-choice-routes';
import { assetRoutes } from './asset-routes';
import { demoRoutes } from './demo-routes';
import { pageRoutes } from './page-routes';
import { receiptRoutes } from './receipt-routes';
import type { SseHub } from './sse-hub';
import { statusRoutes } from './status-routes';
import { storeLogoRoutes } from './store-profile';
import { tonConnectRoutes } from './tonconnect-routes';
import { walletRequestRoutes } from './wallet-request-routes';
import { loadWebAssets, WebAssetsMissingError, type WebAssets } from './web-assets';

export interface CheckoutOptions {
  /** preloaded assets (tests), or null to run without them; default: read dist/web */
  assets?: WebAssets | null;
  hub?: SseHub;
}

/**
 * Everything a customer's browser touches: the HPP/EPP page, its status JSON and stream, the built
 * scripts, the widget library and its embed check, and (sandbox) the demo shop. Public: no API key, no console session.
 */
export async function checkoutRoutes(app: FastifyInstance, opts: CheckoutOptions = {}): Promise<void> {
  let assets: WebAssets | null;
  if (opts.assets !== undefined) {
    assets = opts.assets;
  } else {
    try {
      assets = loadWebAssets();
    } catch (err) {
      if (!(err instanceof WebAssetsMissingError)) throw err;
      // The API keeps working; pages answer 503 and the log says how to fix it.
      app.log.error(err.message);
      assets = null;
    }
  }
  await app.register(assetRoutes, { assets });
  await app.register(pageRoutes, { assets });
  await app.register(receiptRoutes);
  await app.register(statusRoutes, { ...(opts.hub ? { hub: opts.hub } : {}) });
  await app.register(demoRoutes, { assets });
  await app.register(embedCheckRoutes);
  await app.register(storeLogoRoutes);
  await app.register(walletRequestRoutes);
  await app.register(assetChoiceRoutes);
  await app.register(tonConnectRoutes);
}
