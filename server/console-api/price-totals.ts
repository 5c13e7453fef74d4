import { formatFiat, isFiatCode } from '../../contract/fiat';
import type { PriceTotal } from '../../contract/reports';
import { parseFiatPrice } from '../payments/fiat-pricing';
import type { PricedCount } from '../storage/ledger-repositories';

/**
 * The prices the ledger counted (how many at each price as written), summed per price currency in
 * its minor units: exact, never a float, sorted by code so a report reads the same every time.
 */
export function priceTotals(counts: readonly PricedCount[]): PriceTotal[] {
  const minorByCurrency = new Map<string, { count: number; minor: bigint }>();
  for (const { currency, amount, count } of counts) {
    const sum = minorByCurrency.get(currency) ?? { count: 0, minor: 0n };
    sum.count += count;
    sum.minor += parseFiatPrice(amount, currency) * BigInt(count);
    minorByCurrency.set(currency, sum);
  }
  return [...minorByCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { count, minor }]) => ({ currency, count, total: formatFiat(minor, currency) }));
}

/**
 * The dashboard's order: the store's own currency first, at 0 when nothing was priced in it (the store
 * speaks its currency even on a quiet day), then any other (a currency it priced in before) by code.
 * A store pricing in an asset has no such line: its figures are the asset's own.
 */
export function pricesLedBy(storeCurrency: string, totals: readonly PriceTotal[]): PriceTotal[] {
  if (!isFiatCode(storeCurrency)) return [...totals];
  const own = totals.find((t) => t.currency === storeCurrency) ?? {
    currency: storeCurrency,
    count: 0,
    total: formatFiat(0n, storeCurrency),
  };
  return [own, ...totals.filter((t) => t.currency !== storeCurrency)];
}
