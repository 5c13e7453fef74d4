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
  for (const asset of assets) {
    const [x, y] = [a.rates.get(asset)!, b.rates.get(asset)!];
    const percent = apartBeyond(x, y, maxPercent);
    if (percent !== null)
      return `${a.source} says ${x}, ${b.source} ${y} ${fiat} per ${asset}: ${percent} % apart, more than ${maxPercent} %`;
  }
  return null;
}

/**
 * Verdicts on pairs of rates already compared: every invoice in a cache period compares the same two
 * cached answers, and the bigint arithmetic is most of what a cached fiat price costs. Bounded.
 */
const verdicts = new Map<string, string | null>();
const MAX_VERDICTS = 1_000;

function apartBeyond(x: string, y: string, maxPercent: string): string | null {
  const key = `${x}|${y}|${maxPercent}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  const verdict = compare(x, y, maxPercent);
  verdicts.set(key, verdict);
  return verdict;
}

/** How many tenths of a percent two rates are apart ("5.0"), when that is more than `maxPercent`; else null. */
function compare(xText: string, yText: string, maxPercent: string): string | null {
  const maxBps = BigInt(toleranceBpsOf(maxPercent) ?? 0);
  const [x, y] = sameScale(parseRate(xText)!, parseRate(yText)!);
  const low = x < y ? x : y;
  const gap = x < y ? y - x : x - y;
  // gap / low > maxBps / 10 000
  if (gap * 10_000n <= maxBps * low) return null;
  const tenths = (gap * 2_000n + low) / (2n * low); // rounded half up
  return `${tenths / 10n}.${tenths % 10n}`;
}

function sameScale(a: Decimal, b: Decimal): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)];
}
