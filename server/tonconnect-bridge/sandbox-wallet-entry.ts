/**
 * The sandbox wallet as one entry of a TON Connect wallets list (the wallets-v2.json format), so the
 * SDK on the checkout, the till or the console offers it next to the real wallets in sandbox mode.
 * Everything it names is on the service's own origin: its universal link is the wallet's page, its
 * bridge the loopback HTTP bridge, its icon a data: URI, so choosing it reaches no other host.
 */
import { SANDBOX_WALLET_APP, SANDBOX_WALLET_MAX_MESSAGES } from '../sandbox/sandbox-tonconnect-wallet-items';

/** The wallets-list entry's shape, as the SDK's wallets-list manager reads it. */
export interface WalletsListEntry {
  app_name: string;
  name: string;
  image: string;
  about_url: string;
  universal_url: string;
  bridge: { type: 'sse'; url: string }[];
  platforms: ('chrome' | 'firefox' | 'safari' | 'macos' | 'linux' | 'windows' | 'ios' | 'android')[];
  features: { name: 'SendTransaction'; maxMessages: number }[];
}

/** The app_name a connected wallet reports in its DeviceInfo, and the SDK's key for it. */
export const SANDBOX_WALLET_APP_NAME = SANDBOX_WALLET_APP;

/** Path of the wallet's page (its universal link) and of the loopback bridge, on the service's origin. */
export const SANDBOX_WALLET_PATH = '/sandbox-wallet';
export const BRIDGE_PATH = '/bridge';

export { SANDBOX_WALLET_MAX_MESSAGES };

/** A plain sandbox-coloured wallet glyph: no request to any host to draw it. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e8a33d"/>' +
  '<rect x="18" y="28" width="60" height="44" rx="6" fill="#1f2933"/><rect x="52" y="42" width="26" height="16" rx="4" fill="#f7d9a8"/>' +
  '<circle cx="60" cy="50" r="3" fill="#1f2933"/></svg>';
const ICON_DATA_URI = `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`;

/** The sandbox wallet's wallets-list entry for a service reachable at `publicOrigin` (no trailing slash needed). */
export function sandboxWalletListEntry(publicOrigin: string): WalletsListEntry {
  const origin = publicOrigin.replace(/\/+$/, '');
  return {
    app_name: SANDBOX_WALLET_APP_NAME,
    name: 'Sandbox wallet',
    image: ICON_DATA_URI,
    about_url: `${origin}/`,
    universal_url: `${origin}${SANDBOX_WALLET_PATH}`,
    bridge: [{ type: 'sse', url: `${origin}${BRIDGE_PATH}` }],
    platforms: ['chrome', 'firefox', 'macos', 'linux', 'windows', 'ios', 'android'],
    features: [{ name: 'SendTransaction', maxMessages: SANDBOX_WALLET_MAX_MESSAGES }],
  };
}
