/** USDT on TON has 6 decimals; everything inside the service is bigint micro-USDT. */
export const USDT_DECIMALS = 6;
const UNIT = 10n ** BigInt(USDT_DECIMALS);
const AMOUNT_PATTERN = /^(\d{1,15})(?:\.(\d{1,6}))?$/;

export type AmountProblem = 'not_a_string' | 'format' | 'too_many_decimals' | 'zero' | 'too_large';

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem; message: string };

/**
 * Parses a decimal string such as "10.00" into micro-USDT. Rejects what a float would let
 * through silently: exponents, signs, whitespace, more than 6 decimals.
 */
export function parseAmount(input: unknown, max: bigint): ParsedAmount {
  if (typeof input !== 'string') {
    return { ok: false, problem: 'not_a_string', message: 'must be a decimal string such as "10.00"' };
  }
  const match = AMOUNT_PATTERN.exec(input);
  if (!match) {
    if (/^\d+\.\d{7,}$/.test(input)) {
      return { ok: false, problem: 'too_many_decimals', message: `at most ${USDT_DECIMALS} decimals` };
    }
    return { ok: false, problem: 'format', message: 'must be a positive decimal string such as "10.00"' };
  }
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(USDT_DECIMALS, '0'));
  const value = whole * UNIT + fraction;
  if (value === 0n) return { ok: false, problem: 'zero', message: 'must be greater than zero' };
  if (value > max) return { ok: false, problem: 'too_large', message: `must be at most ${formatAmount(max)}` };
  return { ok: true, value };
}

/** micro-USDT -> "10.00" style string: at least two decimals, trailing zeros beyond that trimmed. */
export function formatAmount(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const whole = abs / UNIT;
  let fraction = (abs % UNIT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/**
 * A decimal amount ("1234.50") as people of `locale` read it ("1.234,50" in German), for display
 * only: the digits are the exact string's, never a float's; Intl only lends the marks. What is copied
 * or sent stays "1234.50".
 */
export function formatAmountForLocale(amount: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign = '', whole = '', fraction] = match;
  const marks = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const group = marks.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = marks.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** Converts a whole-USDT config value like "1000000" into micro-USDT without floats. */
export function usdt(amount: string): bigint {
  const parsed = parseAmount(amount, 2n ** 62n);
  if (!parsed.ok) throw new Error(`invalid amount ${amount}: ${parsed.message}`);
  return parsed.value;
}
