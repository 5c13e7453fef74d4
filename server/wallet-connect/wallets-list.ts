import bundled from './wallets-fallback.json';

/**
 * One entry of a TON Connect wallets list (the wallets-v2.json format the SDK's walletsListSource
 * reads). Only what the service itself reads is typed; the rest passes through unchanged.
 */
export interface WalletsListItem {
  app_name: string;
  name: string;
  bridge: readonly ({ type: 'sse'; url: string } | { type: 'js'; key: string })[];
  [field: string]: unknown;
}

/**
 * The wallets the checkout and the console offer: the SDK's own bundled fallback list, cut to the
 * four wallets most TON users hold (wallets-fallback.json records where it was copied from). Served
 * by the service so no page fetches a third-party list, and the same with no network.
 */
export const BUNDLED_WALLETS: readonly WalletsListItem[] = bundled.wallets as WalletsListItem[];

/**
 * The origins of the HTTP bridges of `wallets`, each once, in list order: the only hosts besides the
 * service a page talks to once a customer picks one of these wallets (its CSP's connect-src).
 */
export function bridgeOrigins(wallets: readonly WalletsListItem[]): string[] {
  const origins = new Set<string>();
  for (const wallet of wallets)
    for (const bridge of wallet.bridge) if (bridge.type === 'sse') origins.add(new URL(bridge.url).origin);
  return [...origins];
}

/** The bridges of the bundled wallets: what the checkout's (and the console's) connect-src adds to 'self'. */
export const BUNDLED_BRIDGE_ORIGINS: readonly string[] = bridgeOrigins(BUNDLED_WALLETS);
