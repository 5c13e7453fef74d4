import type { AssetCode } from '../../contract/asset';
import type { RatesHealth } from '../../contract/rates';

/** A rate a payment locks: the fiat currency per one whole unit of the asset, and where and when it was fixed. */
export interface LockedRate {
  asset: AssetCode;
  /** an exact decimal string ("0.9412") */
  rate: string;
  /** "tonapi", "coingecko", "manual", "sandbox", …: said on the payment, the checkout and the close */
  source: string;
  /** when the source fixed it (ms) */
  fixedAt: number;
}

/**
 * Where fiat prices get their rates (server/rates/ builds the live one). The payment service asks for
 * one rate per accepted asset and locks what it gets; everything about sources, caching, failover and
 * sanity checks stays behind this.
 */
export interface RatesPort {
  /**
   * A checked rate for each of `assets` against `fiat` (an ISO 4217 code). Throws the domain's
   * rateUnavailable(reason) when no source gives a trustworthy one: down, disagreeing, stale or
   * not pricing that currency.
   */
  ratesFor(fiat: string, assets: readonly AssetCode[]): Promise<LockedRate[]>;
}

/** The service's rates: the port, and how its sources are doing (the dashboard shows it). */
export interface Rates extends RatesPort {
  health(): RatesHealth;
}
