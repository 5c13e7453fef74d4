import { formatAmount } from '../../../contract/amount';
import { ASSETS, isAssetCode } from '../../../contract/asset';
import { formatFiat } from '../../../contract/fiat';
import { parseEnteredAmount } from '../../lib/format';
import { nextFiatEntry, parseFiatEntry } from './fiat-sale';

/**
 * A sale's currency: an asset (USDT, TON; the customer pays it as it is) or the store's ISO 4217 code
 * (the invoice is priced in it and quoted in each asset). Amounts are bigints in its smallest unit:
 * base units of an asset, minor units of a fiat currency (cents).
 */
export type SaleEntry = { ok: true; amount: string; units: bigint } | { ok: false; message: string };

/** "USDT", "TON", "EUR": what the till writes after an amount. */
export const symbolOf = (currency: string): string => (isAssetCode(currency) ? ASSETS[currency].symbol : currency);

/** Smallest units → the decimal the invoice states ("3.40" EUR, "2.50" USDT). */
export const formatUnits = (units: bigint, currency: string): string =>
  isAssetCode(currency) ? formatAmount(units, currency) : formatFiat(units, currency);

/** The entry after one key in an asset; a key that would make it no amount of `asset` is ignored. */
export function nextEntry(entry: string, key: string, asset: string): string {
  if (!isAssetCode(asset)) return nextFiatEntry(entry, key, asset);
  if (key === 'Clear') return '';
  if (key === 'Backspace') return entry.slice(0, -1);
  const separator = /[.,]/.exec(entry);
  if (key === ',' || key === '.') return separator ? entry : `${entry || '0'}${key}`;
  if (!/^\d$/.test(key)) return entry;
  if (separator && entry.length - separator.index - 1 >= ASSETS[asset].decimals) return entry;
  return entry === '0' ? key : entry + key;
}

/** What was typed ("12,5") as an amount of `currency` ("12.50" and its units), or what is wrong with it. */
export function parseSaleEntry(text: string, currency: string): SaleEntry {
  if (!isAssetCode(currency)) return parseFiatEntry(text, currency);
  const entered = parseEnteredAmount(text, currency);
  return entered.ok ? { ok: true, amount: entered.amount, units: entered.micro } : entered;
}
