import { formatAmount } from '../../../contract/amount';
import { ASSETS, type AssetCode } from '../../../contract/asset';

/**
 * A tip is rounded to a whole hundredth of the sale's asset (a cent of USDT, 0.01 TON), half up,
 * not to the asset's own decimals: the customer reads it on the till, the cashier says it aloud and
 * the receipt prints it with two decimals, so "1.88" beats "1.875". The total then stays in
 * hundredths whenever the sale was.
 */
const hundredthOf = (asset: AssetCode): bigint => 10n ** BigInt(ASSETS[asset].decimals - 2);
const PERCENT = 100n;

/** `percent` (a whole number) of `subtotal` base units of `asset`, rounded half up to the hundredth; bigint throughout, never a float. */
export function tipForPercent(subtotal: bigint, percent: number, asset: AssetCode): bigint {
  const hundredth = hundredthOf(asset);
  const per = PERCENT * hundredth;
  return ((subtotal * BigInt(percent) * 2n + per) / (2n * per)) * hundredth;
}

/** One tip button: its percent, the exact tip in base units and what the customer then pays, as decimal strings. */
export interface TipChoice {
  percent: number;
  baseUnits: bigint;
  tip: string;
  total: string;
}

export function tipChoices(subtotal: bigint, presets: readonly number[], asset: AssetCode): TipChoice[] {
  return presets.map((percent) => {
    const tip = tipForPercent(subtotal, percent, asset);
    return { percent, baseUnits: tip, tip: formatAmount(tip, asset), total: formatAmount(subtotal + tip, asset) };
  });
}
