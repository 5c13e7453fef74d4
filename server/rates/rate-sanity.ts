import type { AssetCode } from '../../contract/asset';
import { parseRate, toleranceBpsOf, type Decimal } from '../../contract/price';

interface Said {
  source: string;
  rates: ReadonlyMap<AssetCode, string>;
}

/**
 * Whether two sources' rates are further apart than `maxPercent` for any asset, measured against the
 * lower of the two, exactly (bigints); the reason in words when they are, else null:
 * "tonapi says 4.87, coingecko 5.1 EUR per TON: 4.7 % apart, more than 2 %".
 */
export function disagreement(
  a: Said,
  b: Said,
  assets: readonly AssetCode[],
  fiat: string,
  maxPercent: string,
): string | null {
  const maxBps = BigInt(toleranceBpsOf(maxPercent) ?? 0);
  for (const asset of assets) {
    const [x, y] = sameScale(parseRate(a.rates.get(asset)!)!, parseRate(b.rates.get(asset)!)!);
    const low = x < y ? x : y;
    const gap = x < y ? y - x : x - y;
    // gap / low > maxBps / 10 000
    if (gap * 10_000n > maxBps * low) {
      const tenths = (gap * 2_000n + low) / (2n * low); // tenths of a percent, rounded half up
      const percent = `${tenths / 10n}.${tenths % 10n}`;
      return `${a.source} says ${a.rates.get(asset)}, ${b.source} ${b.rates.get(asset)} ${fiat} per ${asset}: ${percent} % apart, more than ${maxPercent} %`;
    }
  }
  return null;
}

function sameScale(a: Decimal, b: Decimal): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)];
}
