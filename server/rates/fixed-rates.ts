import type { AssetCode } from '../../contract/asset';
import { deriveRate } from '../../contract/price';
import { rateUnavailable } from '../domain/errors';
import type { Clock } from '../util/clock';
import type { LockedRate, RatesPort } from './rates-port';

/** A fixed table: `${fiat}/${asset}` → the fiat per one whole unit of the asset. */
export type RateTable = ReadonlyMap<string, string>;

export const rateKey = (fiat: string, asset: AssetCode): string => `${fiat}/${asset}`;

/**
 * The sandbox's rates, fixed so a test or a demo gives the same amounts every time, and said to be
 * made up on the checkout. Round numbers near real ones (late 2026): 1 USDT = 1 USD, 1 TON = 5 USD;
 * the fiat columns are 1 USD in that currency. Documented in docs/rates.md.
 */
const SANDBOX_USD_PER_ASSET: Readonly<Record<AssetCode, string>> = { USDT: '1', TON: '5' };
const SANDBOX_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  CHF: '0.88',
  JPY: '150',
  CNY: '7.2',
  INR: '84',
  RUB: '95',
  UAH: '41',
  KZT: '480',
  TRY: '34',
  AED: '3.6725',
  KWD: '0.307',
  BHD: '0.376',
  BRL: '5.6',
  CAD: '1.38',
  AUD: '1.52',
  PLN: '4',
  SEK: '10.5',
  NGN: '1600',
};

/** The sandbox's whole table, derived once from the two columns above. */
export function sandboxRateTable(): RateTable {
  const table = new Map<string, string>();
  for (const [fiat, perUsd] of Object.entries(SANDBOX_PER_USD))
    for (const [asset, usd] of Object.entries(SANDBOX_USD_PER_ASSET))
      table.set(rateKey(fiat, asset as AssetCode), deriveRate([usd, perUsd]));
  return table;
}

/** Rates from a fixed table (the sandbox's, or the merchant's manual one), fixed "now": they do not age. */
export function fixedRates(table: () => RateTable, source: string, clock: Clock): RatesPort {
  return {
    async ratesFor(fiat, assets): Promise<LockedRate[]> {
      const rows = table();
      const missing = assets.filter((asset) => !rows.has(rateKey(fiat, asset)));
      if (missing.length > 0)
        throw rateUnavailable(`the ${source} rate table has no ${missing.map((a) => `${fiat}/${a}`).join(' or ')}`);
      const fixedAt = clock.now();
      return assets.map((asset) => ({ asset, rate: rows.get(rateKey(fiat, asset))!, source, fixedAt }));
    },
  };
}
