import { ASSETS, MAX_ASSET_DECIMALS, type AssetCode } from './asset';

// Money inside the service is bigint base units of its asset (micro-USDT, nanotons); on the wire it
// is a decimal string. This file is the one converter between the two; the asset says the decimals.

const AMOUNT_PATTERN = /^(\d{1,15})(?:\.(\d+))?$/;

export type AmountProblem = 'not_a_string' | 'format' | 'too_many_decimals' | 'zero' | 'too_large';

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem; message: string };

const unitOf = (decimals: number): bigint => 10n ** BigInt(decimals);

/** Parses a decimal string with at most `decimals` decimals into base units; the checks of parseAmount. */
export function parseDecimal(input: unknown, max: bigint, decimals: number): ParsedAmount {
  if (typeof input !== 'string') {
    return { ok: false, problem: 'not_a_string', message: 'must be a decimal string such as "10.00"' };
  }
  const match = AMOUNT_PATTERN.exec(input);
  if (!match) return { ok: false, problem: 'format', message: 'must be a positive decimal string such as "10.00"' };
  const digits = match[2] ?? '';
  if (digits.length > decimals) {
    return { ok: false, problem: 'too_many_decimals', message: `at most ${decimals} decimals` };
  }
  const value = BigInt(match[1] ?? '0') * unitOf(decimals) + BigInt(digits.padEnd(decimals, '0') || '0');
  if (value === 0n) return { ok: false, problem: 'zero', message: 'must be greater than zero' };
  if (value > max) {
    return { ok: false, problem: 'too_large', message: `must be at most ${formatDecimal(max, decimals)}` };
  }
  return { ok: true, value };
}

/**
 * Parses a decimal string such as "10.00" into base units of `asset`. Rejects what a float would let
 * through silently: exponents, signs, whitespace, more decimals than the asset has.
 */
export function parseAmount(input: unknown, max: bigint, asset: AssetCode): ParsedAmount {
  return parseDecimal(input, max, ASSETS[asset].decimals);
}

/** Whether a string is a decimal amount of some asset, before the asset is known (the most decimals any has). */
export function parseAnyAmount(input: unknown, max: bigint): ParsedAmount {
  return parseDecimal(input, max, MAX_ASSET_DECIMALS);
}

/** Base units -> "10.00" style string: at least two decimals, trailing zeros beyond that trimmed. */
export function formatDecimal(base: bigint, decimals: number): string {
  const unit = unitOf(decimals);
  const sign = base < 0n ? '-' : '';
  const abs = base < 0n ? -base : base;
  let fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${sign}${abs / unit}.${fraction}`;
}

/** Base units of `asset` -> "10.00" style string (see formatDecimal). */
export function formatAmount(base: bigint, asset: AssetCode): string {
  return formatDecimal(base, ASSETS[asset].decimals);
}

/** "12.50 USDT", "1.5 TON": an amount with its asset's symbol, for people (receipts, notifications). */
export function formatMoney(base: bigint, asset: AssetCode): string {
  return `${formatAmount(base, asset)} ${ASSETS[asset].symbol}`;
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

/** A configured amount such as "1000000" in base units of `asset`, without floats; throws on a bad one. */
export function baseUnits(amount: string, asset: AssetCode): bigint {
  const parsed = parseAmount(amount, 2n ** 62n, asset);
  if (!parsed.ok) throw new Error(`invalid amount ${amount}: ${parsed.message}`);
  return parsed.value;
}
