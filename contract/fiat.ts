// No zod here: the checkout bundles this file. The schema of a price's currency is in price-schemas.ts.

/**
 * The ISO 4217 currencies a price may be written in, with their minor digits (JPY 0, EUR 2, KWD 3,
 * CLF 4): what a price like "3.40" may carry after the point. A code missing here is not a currency
 * (400); a code here that no rate source prices is unavailable (503), which is the sources' to say.
 * Funds, metals and testing codes (XAU, XTS, …) are left out: nobody prices a coffee in them.
 */
const codes = (list: string): string[] => list.trim().split(/\s+/);
const ZERO_DIGIT_CODES = codes('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF');
const THREE_DIGIT_CODES = codes('BHD IQD JOD KWD LYD OMR TND');
const FOUR_DIGIT_CODES = codes('CLF UYW');

const TWO_DIGIT_CODES =
  codes(`AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD
CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL
HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR
MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD
SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW
ZWG`);

export const FIAT_MINOR_DIGITS: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(TWO_DIGIT_CODES.map((code) => [code, 2])),
  ...Object.fromEntries(ZERO_DIGIT_CODES.map((code) => [code, 0])),
  ...Object.fromEntries(THREE_DIGIT_CODES.map((code) => [code, 3])),
  ...Object.fromEntries(FOUR_DIGIT_CODES.map((code) => [code, 4])),
});

/** Every fiat code a price may name, sorted: for the Settings select and the error message's hint. */
export const FIAT_CODES: readonly string[] = Object.keys(FIAT_MINOR_DIGITS).sort();

export function isFiatCode(value: unknown): value is string {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FIAT_MINOR_DIGITS, value);
}

/** A fiat currency's minor digits (EUR 2, JPY 0, KWD 3); throws for a code that is not one. */
export function fiatDigits(code: string): number {
  const digits = FIAT_MINOR_DIGITS[code];
  if (digits === undefined) throw new Error(`not an ISO 4217 currency: ${code}`);
  return digits;
}

/** Minor units of a fiat currency → its amount as written: "3.40" (EUR), "500" (JPY), "1.250" (KWD). */
export function formatFiat(minor: bigint, code: string): string {
  const digits = fiatDigits(code);
  if (digits === 0) return minor.toString();
  const text = minor.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
