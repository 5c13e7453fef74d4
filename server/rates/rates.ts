import type { RateMode } from '../../contract/pricing-settings';
import type { RatesHealth } from '../../contract/rates';
import type { PricingSettingsStore } from '../settings/pricing';
import type { Clock } from '../util/clock';
import { DomainError, rateUnavailable } from '../domain/errors';
import { coingeckoSource } from './coingecko-source';
import { fixedRates, rateKey, sandboxRateTable, type RateTable } from './fixed-rates';
import { LiveRates } from './live-rates';
import type { RateSource } from './rate-source';
import type { LockedRate, Rates } from './rates-port';
import { tonapiSource } from './tonapi-source';

/** The config's `rates` section (server/config/config.ts): where live rates come from. */
export interface RatesConfig {
  /** on the sandbox chain, the fixed table (true) or the live sources (false: tests of the live path) */
  useSandboxTable: boolean;
  sources: readonly { name: 'tonapi' | 'coingecko'; baseUrl: string; apiKey?: string | undefined }[];
  /** the ECB's site (eurofxref-daily.xml under it), for crosses; null: none */
  ecbUrl: string | null;
  /** how old the ECB's daily table may be: it skips weekends and TARGET holidays */
  ecbMaxAgeHours: number;
  timeoutMs: number;
  cacheSeconds: number;
}

export interface RatesDeps {
  /** whether the store runs on the sandbox chain now (a restart in place may change it) */
  isSandbox: () => boolean;
  pricing: PricingSettingsStore;
  clock: Clock;
  config: RatesConfig;
}

/**
 * The rates a payment locks, by the store's settings: its manual table when it keeps one; else the
 * sandbox's fixed table on the sandbox chain (unless the config turns it off); else the live sources.
 */
export function createRates(deps: RatesDeps): Rates {
  const sandbox = fixedRates(() => SANDBOX_TABLE, 'sandbox', deps.clock);
  let manualTable: RateTable = new Map();
  const manual = fixedRates(() => manualTable, 'manual', deps.clock);
  const live = createLive(deps);
  const usesSandbox = () => deps.isSandbox() && deps.config.useSandboxTable;
  let lastMode: RateMode = 'live';
  let lastRefusal: RatesHealth['lastRefusal'] = null;

  const lockRates = async (fiat: string, assets: Parameters<Rates['ratesFor']>[1]): Promise<LockedRate[]> => {
    const settings = await deps.pricing.current();
    lastMode = settings.rateMode;
    if (settings.rateMode === 'manual') {
      manualTable = new Map(settings.manualRates.map((r) => [rateKey(r.currency, r.asset), r.rate]));
      return manual.ratesFor(fiat, assets);
    }
    if (usesSandbox()) return sandbox.ratesFor(fiat, assets);
    const locked = await live.ratesFor(fiat, assets, settings);
    if (typeof locked === 'string') throw rateUnavailable(locked);
    return locked;
  };

  return {
    health: () => {
      const origin = lastMode === 'manual' ? 'manual' : usesSandbox() ? 'sandbox' : 'live';
      return { origin, sources: origin === 'live' ? live.sourceHealth() : [], lastRefusal };
    },
    async ratesFor(fiat, assets) {
      try {
        return await lockRates(fiat, assets);
      } catch (err) {
        if (err instanceof DomainError)
          lastRefusal = { at: new Date(deps.clock.now()).toISOString(), reason: err.message };
        throw err;
      }
    },
  };
}

function createLive(deps: RatesDeps): LiveRates {
  const { config, clock } = deps;
  const sources: RateSource[] = config.sources.map((s) => {
    const options = { baseUrl: s.baseUrl, timeoutMs: config.timeoutMs, apiKey: s.apiKey, clock };
    return s.name === 'tonapi' ? tonapiSource(options) : coingeckoSource(options);
  });
  return new LiveRates({
    sources,
    ecb: config.ecbUrl ? { baseUrl: config.ecbUrl, maxAgeMs: config.ecbMaxAgeHours * 3_600_000 } : null,
    timeoutMs: config.timeoutMs,
    cacheMs: config.cacheSeconds * 1000,
    clock,
  });
}

const SANDBOX_TABLE = sandboxRateTable();
