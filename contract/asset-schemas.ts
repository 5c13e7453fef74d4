import { z } from 'zod';
import { ASSET_CODES } from './asset';

/** `currency` on the wire: one of the registry's codes (contract/asset.ts). */
export const AssetCodeSchema = z.enum(ASSET_CODES, {
  error: `unsupported currency: accepted are ${ASSET_CODES.map((code) => `"${code}"`).join(', ')}`,
});
