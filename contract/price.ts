// No zod here: the checkout bundles this file. Exact conversion between a fiat price and an asset
// amount: bigints and decimal strings only, never a float, so an integrator can redo every figure.

/** An exact decimal: `units / 10^scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Digits a rate may carry after the point: far beyond any source's (tonapi and CoinGecko send ≤ 18). */
export const MAX_RATE_DECIMALS = 18;
/** Significant digits a derived rate (a cross through the ECB's table, an inverse) is rounded to, once. */
export const DERIVED_RATE_DIGITS = 12;

const RATE_PATTERN = /^(\d{1,15})(?:\.(\d{1,18}))?$/;
/** Powers of ten up to any scale a conversion meets (a rate's 18 decimals plus an asset's 18): no bigint exponentiation per invoice. */
const POWERS_OF_TEN = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POWERS_OF_TEN[n] ?? 10n ** BigInt(n);

/**
 * A rate as the wire writes it ("0.9412": fiat per one whole unit of the asset), or null when it is
 * not a positive decimal of at most 15 integer digits and 18 decimals.
 */
export function parseRate(text: string): Decimal | null {
  const match = RATE_PATTERN.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const units = BigInt(`${match[1]}${fraction}`);
  return units > 0n ? { units, scale: fraction.length } : null;
}

/** The shortest decimal string of an exact decimal: "0.9412", "3", never an exponent. */
export function formatExact({ units, scale }: Decimal): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A number a JSON source sent, as the decimal it printed: the shortest text that reads back as the
 * same double is what the source's serializer wrote, so no float arithmetic touches it. Exponents
 * (1.2e-7) are written out. Null for zero, a negative, NaN or infinity.
 */
export function decimalFromJsonNumber(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${whole}${fraction}`);
  return scale >= 0 ? formatExact({ units, scale }) : formatExact({ units: units * pow10(-scale), scale: 0 });
}

/**
 * `Π numerators / Π denominators` of rates, rounded half up to DERIVED_RATE_DIGITS significant
 * digits: a cross rate (TON→USD × USD→KZT) or an inverse (1 / EUR→USD), rounded once, where it is made.
 */
export function deriveRate(numerators: readonly string[], denominators: readonly string[] = []): string {
  let num = 1n;
  let den = 1n;
  for (const text of numerators) {
    const d = mustParse(text);
    num *= d.units;
    den *= pow10(d.scale);
  }
  for (const text of denominators) {
    const d = mustParse(text);
    num *= pow10(d.scale);
    den *= d.units;
  }
  // the exponent of the leading digit, so the rounding keeps DERIVED_RATE_DIGITS of them
  const lead = (num / den).toString().length - (num >= den ? 0 : 1 + leadingZeros(num, den));
  const scale = Math.min(MAX_RATE_DECIMALS, Math.max(0, DERIVED_RATE_DIGITS - lead));
  const units = divideRounded(num * pow10(scale), den, 'half-up');
  if (units === 0n) throw new Error(`rate below 10^-${MAX_RATE_DECIMALS}`);
  return formatExact({ units, scale });
}

/** Zeros right after the point of num/den < 1 (0.00123 → 2). */
function leadingZeros(num: bigint, den: bigint): number {
  let zeros = 0;
  let n = num * 10n;
  while (n < den) {
    n *= 10n;
    zeros += 1;
  }
  return zeros;
}

/** The last rate parsed: a burst of invoices converts at the same locked rate. */
let lastParsed: { text: string; rate: Decimal } | null = null;

function mustParse(text: string): Decimal {
  if (lastParsed?.text === text) return lastParsed.rate;
  const d = parseRate(text);
  if (!d) throw new Error(`not a rate: ${text}`);
  lastParsed = { text, rate: d };
  return d;
}

type Rounding = 'up' | 'down' | 'half-up';

function divideRounded(num: bigint, den: bigint, rounding: Rounding): bigint {
  const quotient = num / den;
  const remainder = num % den;
  if (remainder === 0n || rounding === 'down') return quotient;
  if (rounding === 'up') return quotient + 1n;
  return remainder * 2n >= den ? quotient + 1n : quotient;
}

/**
 * What the customer pays for a price: `priceMinor` (minor units of a currency with `fiatDigits`) at
 * `rate` (that currency per whole unit of the asset), in the asset's base units, rounded up to its
 * smallest unit so the store never receives less than its price.
 */
export function assetAmountFor(priceMinor: bigint, fiatDigits: number, rate: string, assetDecimals: number): bigint {
  const r = mustParse(rate);
  return divideRounded(priceMinor * pow10(assetDecimals) * pow10(r.scale), pow10(fiatDigits) * r.units, 'up');
}

/**
 * What an asset amount is worth in the fiat currency at `rate`, in its minor units. Rounded down by
 * default: a figure a merchant reads ("worth 3.39 EUR") never claims more than arrived.
 */
export function fiatValueOf(
  assetBase: bigint,
  assetDecimals: number,
  rate: string,
  fiatDigits: number,
  rounding: Rounding = 'down',
): bigint {
  const r = mustParse(rate);
  return divideRounded(assetBase * r.units * pow10(fiatDigits), pow10(assetDecimals) * pow10(r.scale), rounding);
}

/** The most a store may forgive of a short payment: 10 %, in hundredths of a percent. */
export const MAX_TOLERANCE_BPS = 1000;

/** "0.5" → 50 hundredths of a percent; null for anything but 0 to 10 with up to two decimals. */
export function toleranceBpsOf(percent: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percent);
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return bps <= MAX_TOLERANCE_BPS ? bps : null;
}

/** 50 → "0.5": the percent as people write it. */
export function percentOf(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "1 USDT = 0.92 EUR": a locked rate as people read it, the asset's symbol first. */
export const rateSentence = (assetSymbol: string, rate: string, currency: string): string =>
  `1 ${assetSymbol} = ${rate} ${currency}`;
