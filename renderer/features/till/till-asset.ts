import { isAssetCode, type AssetCode } from '../../../contract/asset';

const ASSET_KEY = 'tontill.till.asset';

/** The asset this till rang up its last sale in (storage may be refused: then USDT, as before Toncoin). */
export function rememberedTillAsset(): AssetCode {
  try {
    const saved = globalThis.localStorage?.getItem(ASSET_KEY);
    return isAssetCode(saved) ? saved : 'USDT';
  } catch {
    return 'USDT';
  }
}

export function rememberTillAsset(asset: AssetCode): void {
  try {
    localStorage.setItem(ASSET_KEY, asset);
  } catch {
    /* remembered for this page only */
  }
}
