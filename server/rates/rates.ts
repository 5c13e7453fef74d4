import type { PricingSettingsStore } from '../settings/pricing';
import type { Clock } from '../util/clock';
import { rateUnavailable } from '../domain/errors';
import { fixedRates, rateKey, sandboxRateTable, type RateTable } from './fixed-rates';
import type { Rates, RatesPort } from './rates-port';

export interface RatesDeps {
  /** whether the store runs on the sandbox chain now (a restart in place may change it) */
  isSandbox: () => boolean;
  pricing: PricingSettingsStore;
  clock: Clock;
}

/**
 * The rates a payment locks, by the store's settings: its manual table when it keeps one; else the
 * sandbox's fixed table on the sandbox chain; else the live sources.
 */
export function createRates(deps: RatesDeps): Rates {
  const sandbox = fixedRates(() => SANDBOX_TABLE, 'sandbox', deps.clock);
  let manualTable: RateTable = new Map();
  const manual = fixedRates(() => manualTable, 'manual', deps.clock);
  const live: RatesPort = {
    ratesFor: () => Promise.reject(rateUnavailable('no live rate source is configured')),
  };
  return {
    health: () => ({ origin: deps.isSandbox() ? 'sandbox' : 'live', sources: [], lastRefusal: null }),
    async ratesFor(fiat, assets) {
      const settings = await deps.pricing.current();
      if (settings.rateMode === 'manual') {
        manualTable = new Map(settings.manualRates.map((r) => [rateKey(r.currency, r.asset), r.rate]));
        return manual.ratesFor(fiat, assets);
      }
      return (deps.isSandbox() ? sandbox : live).ratesFor(fiat, assets);
    },
  };
}

const SANDBOX_TABLE = sandboxRateTable();
