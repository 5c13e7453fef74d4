import { formatAmountForLocale, parseDecimal } from '../../contract/amount';
import { isAssetCode } from '../../contract/asset';
import { fiatDigits, formatFiat } from '../../contract/fiat';
import { formatAssetAmount, parseEnteredAmount } from './format';

/** What a price may reach when typed: the service takes at most 15 whole digits. */
const PRICE_WHOLE_MAX = 10n ** 15n;

/** "3.40 EUR", "500 JPY", "12.50 USDT": a price in its currency, an asset's with its symbol. */
export function formatPrice(amount: string, currency: string): string {
  return isAssetCode(currency)
    ? formatAssetAmount(amount, currency)
    : `${formatAmountForLocale(amount, 'en-US')} ${currency}`;
}

/**
 * A price as a person types it ("3,40" or "3.40") in the store's currency: an asset's decimals, or the
 * fiat currency's minor digits (EUR 2, JPY 0); the exact string the service takes. Never a float.
 */
export function parseEnteredPrice(
  text: string,
  currency: string,
): { ok: true; amount: string } | { ok: false; message: string } {
  if (isAssetCode(currency)) return parseEnteredAmount(text, currency);
  const digits = fiatDigits(currency);
  const normalized = text.trim().replace(',', '.');
  if (!/^\d*\.?\d*$/.test(normalized) || normalized === '' || normalized === '.')
    return { ok: false, message: 'Enter an amount such as 12,50 or 12.50.' };
  const fraction = normalized.split('.')[1] ?? '';
  if (fraction.length > digits)
    return {
      ok: false,
      message: digits === 0 ? `${currency} has no decimals.` : `At most ${digits} decimals in ${currency}.`,
    };
  const parsed = parseDecimal(
    normalized.startsWith('.') ? `0${normalized}` : normalized.replace(/\.$/, ''),
    PRICE_WHOLE_MAX * 10n ** BigInt(digits),
    digits,
  );
  if (parsed.ok) return { ok: true, amount: formatFiat(parsed.value, currency) };
  if (parsed.problem === 'zero') return { ok: false, message: 'The amount must be more than zero.' };
  return { ok: false, message: 'That amount is too large.' };
}
