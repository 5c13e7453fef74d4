// No zod here: the checkout bundles this file (through amount.ts) and must stay small; the assets'
// schemas are in asset-schemas.ts.

/**
 * The assets a store can be paid in. Adding one is an entry here (and, for a new kind of asset, an
 * adapter in server/chain/ that reads its transfers): nothing else names an asset's decimals,
 * names or master. Codes are what the wire says in `currency`.
 */
export const ASSET_CODES = ['USDT', 'TON'] as const;
export type AssetCode = (typeof ASSET_CODES)[number];

/** native: the network's own coin, moved by plain messages; jetton: a TEP-74 token with a master contract. */
export type AssetKind = 'native' | 'jetton';

export interface Asset {
  code: AssetCode;
  /** how people name it, in full: Toncoin is being renamed Gram, so it says both */
  name: string;
  /** short, next to an amount: "12.50 USDT", "1.5 TON" */
  symbol: string;
  /** digits after the point in base units: the one place they are written */
  decimals: number;
  /** the network the asset lives on: the spec's `mainCurrency` */
  network: 'TON';
  kind: AssetKind;
  /** a jetton's master on mainnet (testnet and sandbox masters come from the chain's settings) */
  mainnetMaster: string | null;
}

export const ASSETS: Readonly<Record<AssetCode, Asset>> = {
  USDT: {
    code: 'USDT',
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    network: 'TON',
    kind: 'jetton',
    mainnetMaster: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
  },
  TON: {
    code: 'TON',
    name: 'Toncoin (Gram)',
    symbol: 'TON',
    decimals: 9,
    network: 'TON',
    kind: 'native',
    mainnetMaster: null,
  },
};

/** The asset a payment or a transfer is in, by its code. */
export function assetOf(code: AssetCode): Asset {
  return ASSETS[code];
}

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && (ASSET_CODES as readonly string[]).includes(value);
}

/** The most decimals any asset has: what a decimal string may carry before its asset is known. */
export const MAX_ASSET_DECIMALS = Math.max(...ASSET_CODES.map((code) => ASSETS[code].decimals));
