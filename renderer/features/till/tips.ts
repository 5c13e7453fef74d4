import { formatAmount } from '../../../contract/amount';

/**
 * A tip is rounded to a whole cent (10 000 micro-USDT), half up, not to USDT's 6 decimals: the
 * customer reads it on the till, the cashier says it aloud and the receipt prints it with two
 * decimals, so "1.88" beats "1.875". The total then stays in cents whenever the sale was in cents.
 */
const CENT = 10_000n;
const PERCENT = 100n;

/** `percent` (a whole number) of `subtotal` micro-USDT, rounded half up to the cent; bigint throughout, never a float. */
export function tipForPercent(subtotal: bigint, percent: number): bigint {
  const per = PERCENT * CENT;
  return ((subtotal * BigInt(percent) * 2n + per) / (2n * per)) * CENT;
}

/** One tip button: its percent, the exact tip and what the customer then pays, as decimal strings. */
export interface TipChoice {
  percent: number;
  micro: bigint;
  tip: string;
  total: string;
}

export function tipChoices(subtotal: bigint, presets: readonly number[]): TipChoice[] {
  return presets.map((percent) => {
    const tip = tipForPercent(subtotal, percent);
    return { percent, micro: tip, tip: formatAmount(tip, 'USDT'), total: formatAmount(subtotal + tip, 'USDT') };
  });
}
