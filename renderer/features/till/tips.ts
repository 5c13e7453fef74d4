import { priceDigitsOf } from '../../../contract/console';
import { formatUnits } from './sale-currency';

/**
 * A tip is rounded to a whole hundredth of the sale's currency (a cent of USDT or EUR, 0.01 TON, a
 * whole yen where there are no cents), half up, not to the asset's own decimals: the customer reads
 * it on the till, the cashier says it aloud and the receipt prints it with two decimals, so "1.88"
 * beats "1.875". The total then stays in hundredths whenever the sale was.
 */
const hundredthOf = (currency: string): bigint => 10n ** BigInt(Math.max(0, priceDigitsOf(currency) - 2));
const PERCENT = 100n;

/** `percent` (a whole number) of `subtotal` smallest units of `currency`, rounded half up to the hundredth; bigint throughout, never a float. */
export function tipForPercent(subtotal: bigint, percent: number, currency: string): bigint {
  const hundredth = hundredthOf(currency);
  const per = PERCENT * hundredth;
  return ((subtotal * BigInt(percent) * 2n + per) / (2n * per)) * hundredth;
}

/** One tip button: its percent, the exact tip in smallest units and what the customer then pays, as decimal strings. */
export interface TipChoice {
  percent: number;
  baseUnits: bigint;
  tip: string;
  total: string;
}

export function tipChoices(subtotal: bigint, presets: readonly number[], currency: string): TipChoice[] {
  return presets.map((percent) => {
    const tip = tipForPercent(subtotal, percent, currency);
    return {
      percent,
      baseUnits: tip,
      tip: formatUnits(tip, currency),
      total: formatUnits(subtotal + tip, currency),
    };
  });
}
