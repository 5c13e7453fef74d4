import { baseUnits, formatAmount } from '../../../contract/amount';
import { ASSETS, type AssetCode } from '../../../contract/asset';

/** An amount the service wrote, in base units of its asset; "0.00" is none (parseAmount refuses zero). */
export const unitsOf = (amount: string, asset: AssetCode): bigint =>
  /[1-9]/.test(amount) ? baseUnits(amount, asset) : 0n;

/**
 * The axis top for bars up to `max` base units, rounded up to 1, 2 or 5 × 10^n so gridlines read
 * naturally; 10 whole units for an empty chart. Exact: bigint base units, never a float.
 */
export function niceTop(max: bigint, asset: AssetCode): bigint {
  if (max <= 0n) return 10n * 10n ** BigInt(ASSETS[asset].decimals);
  const magnitude = 10n ** BigInt(max.toString().length - 1);
  const step = [1n, 2n, 5n, 10n].find((m) => m * magnitude >= max) ?? 10n;
  return step * magnitude;
}

/**
 * Where `value` stands between 0 and `top`, as a fraction for pixels. The bigint ratio is taken to a
 * millionth first: a pixel scale may be a float, an amount never is (every amount shown is a string).
 */
export const shareOf = (value: bigint, top: bigint): number => Number((value * 1_000_000n) / top) / 1_000_000;

/** A gridline's label: "2k" for whole thousands, else the amount as the service writes it, without ".00". */
export function tickLabel(base: bigint, asset: AssetCode): string {
  const thousand = 1000n * 10n ** BigInt(ASSETS[asset].decimals);
  if (base > 0n && base % thousand === 0n) return `${base / thousand}k`;
  return formatAmount(base, asset).replace(/\.00$/, '');
}
