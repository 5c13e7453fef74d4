import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import type { SettingsStore } from '../settings/settings-store';
import { sandboxWalletListEntry } from '../tonconnect-bridge/sandbox-wallet-entry';
import { TONCONNECT_ICON_PNG } from '../wallet-connect/tonconnect-icon';
import { BUNDLED_WALLETS, type WalletsListItem } from '../wallet-connect/wallets-list';
import { TonConnectManifestSchema, type TonConnectManifest } from '../../contract/wallet-connect';
import { readStoreProfile, STORE_LOGO_KEY } from './store-profile';

const TAGS = ['Checkout (public)'];
export const TONCONNECT_MANIFEST_PATH = '/tonconnect-manifest.json';
export const TONCONNECT_WALLETS_PATH = '/tonconnect/wallets.json';
export const TONCONNECT_ICON_PATH = '/tonconnect/icon.png';
/** Used when the store has neither a name nor (below) a PNG logo. */
const FALLBACK_NAME = 'TonTill';

/** The store's logo when it is a PNG (wallets take PNG or ICO, never JPEG or SVG, says the manifest's definition). */
async function storePngLogo(settings: SettingsStore): Promise<Buffer | null> {
  const logo = await settings.get<{ type?: unknown; data?: unknown } | null>(STORE_LOGO_KEY);
  return logo?.type === 'image/png' && typeof logo.data === 'string' ? Buffer.from(logo.data, 'base64') : null;
}

/**
 * The manifest's icon, absolute since wallets fetch it: always our own path, which serves the store's
 * PNG logo or else our 180×180 icon. Not /store/logo itself: that one is same-origin only (CORP), and
 * a wallet's page on another origin could not show it. The logo's hash in the URL beats stale caches.
 */
async function manifestIconUrl(settings: SettingsStore, publicUrl: string): Promise<string> {
  const logo = await storePngLogo(settings);
  const version = logo ? `?v=${createHash('sha256').update(logo).digest('hex').slice(0, 12)}` : '';
  return `${publicUrl}${TONCONNECT_ICON_PATH}${version}`;
}

/**
 * TON Connect's public files: the app manifest wallets read before connecting, its icon, and the
 * wallets list the checkout's SDK offers (so no page fetches a third-party list).
 */
export async function tonConnectRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  addRoute(app, {
    method: 'GET',
    url: TONCONNECT_MANIFEST_PATH,
    operationId: 'getTonConnectManifest',
    tags: TAGS,
    auth: 'public',
    summary: "TON Connect's app manifest: the store's name and icon as wallets show them before connecting.",
    responses: { 200: { description: 'The manifest', schema: TonConnectManifestSchema } },
    handler: async (_input, _request, reply): Promise<TonConnectManifest> => {
      // Wallets fetch this from their own origins (a browser extension, a web wallet), so it must be
      // readable cross-origin; it is public data that anyone may read, with nothing to steal.
      reply.header('Access-Control-Allow-Origin', '*');
      const publicUrl = services.publicUrl();
      const { name } = await readStoreProfile(services.settings);
      return {
        url: publicUrl,
        name: name.trim() || FALLBACK_NAME,
        iconUrl: await manifestIconUrl(services.settings, publicUrl),
      };
    },
  });

  app.get(TONCONNECT_ICON_PATH, { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .type('image/png')
      // A wallet's page (another origin) shows it in an <img>: it must not be same-origin only.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=300')
      .send((await storePngLogo(services.settings)) ?? TONCONNECT_ICON_PNG),
  );

  app.get(TONCONNECT_WALLETS_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    // Asked at each request: a restart in place may switch the chain into or out of sandbox mode.
    const wallets: readonly WalletsListItem[] =
      app.runtime?.info.mode === 'sandbox'
        ? [...BUNDLED_WALLETS, { ...sandboxWalletListEntry(services.publicUrl()) }]
        : BUNDLED_WALLETS;
    return reply.header('Cache-Control', 'no-store').send(wallets);
  });
}
