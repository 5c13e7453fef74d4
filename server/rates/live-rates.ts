import type { AssetCode } from '../../contract/asset';
import { deriveRate } from '../../contract/price';
import type { RateSourceHealth } from '../../contract/rates';
import type { Clock } from '../util/clock';
import { fetchEcbTable, type EcbTable } from './ecb-source';
import { SourceError, type RateSource, type SourcePrices } from './rate-source';
import type { LockedRate } from './rates-port';
import { disagreement } from './rate-sanity';
import { SourceHealthBook } from './source-health';

export interface LiveRatesOptions {
  /** asked together; the first that answers with a fresh rate is the one locked */
  sources: readonly RateSource[];
  /** the ECB's reference rates, for a fiat a source does not price (null: no crosses) */
  ecb: { baseUrl: string; maxAgeMs: number } | null;
  timeoutMs: number;
  /** how long one answer serves every invoice asking the same source for the same currency */
  cacheMs: number;
  clock: Clock;
}

export interface Limits {
  maxDisagreementPercent: string;
  maxRateAgeSeconds: number;
}

/** One source's rates for one request: e.g. "coingecko+ecb" when crossed through the ECB's table. */
interface Answer {
  source: string;
  rates: ReadonlyMap<AssetCode, string>;
  fixedAt: number;
}

/** The ECB's table changes once a working day: an hour's cache costs nothing in freshness. */
const ECB_CACHE_MS = 3_600_000;
const MAX_LOCKED = 100;

/**
 * Live rates: every source asked at once (a short cache per source and currency, so a burst of
 * invoices costs one request each), answers older than the limit set aside, and two fresh answers
 * that disagree by more than the limit refuse the price. The first fresh answer in configured order is locked.
 */
export class LiveRates {
  private readonly cache = new Map<string, { at: number; prices: Promise<SourcePrices> }>();
  private ecbCache: { at: number; table: Promise<EcbTable> } | null = null;
  /** Rates already locked from the cached answers: a burst of invoices costs one comparison, not one each. */
  private readonly locked = new Map<string, { until: number; rates: LockedRate[] }>();
  readonly health: SourceHealthBook;

  constructor(private readonly options: LiveRatesOptions) {
    const names = options.sources.map((s) => s.name);
    this.health = new SourceHealthBook(options.ecb ? [...names, 'ecb'] : names, options.clock);
  }

  /** The locked rates, or the reason there is no trustworthy one (the caller refuses with it). */
  async ratesFor(fiat: string, assets: readonly AssetCode[], limits: Limits): Promise<LockedRate[] | string> {
    const key = `${fiat}|${assets.join(',')}|${limits.maxDisagreementPercent}|${limits.maxRateAgeSeconds}`;
    const known = this.locked.get(key);
    if (known && this.options.clock.now() < known.until) return known.rates;
    const expiries: number[] = [];
    const settled = await Promise.allSettled(this.options.sources.map((s) => this.answer(s, fiat, assets, expiries)));
    const now = this.options.clock.now();
    const fresh: Answer[] = [];
    const problems: string[] = [];
    settled.forEach((result, i) => {
      const name = this.options.sources[i]!.name;
      if (result.status === 'rejected') {
        const message = messageOf(result.reason);
        this.health.failed(name, message);
        problems.push(`${name}: ${message}`);
        return;
      }
      const ageSeconds = Math.floor((now - result.value.fixedAt) / 1000);
      if (ageSeconds > limits.maxRateAgeSeconds) {
        const stale = `its ${fiat} rate is ${ageSeconds} s old, more than ${limits.maxRateAgeSeconds} s`;
        this.health.failed(name, stale);
        problems.push(`${result.value.source}: ${stale}`);
        return;
      }
      this.health.succeeded(name);
      fresh.push(result.value);
    });
    if (fresh.length === 0) return problems.join('; ') || 'no live rate source is configured';
    const [first, second] = fresh;
    if (second) {
      const apart = disagreement(first!, second, assets, fiat, limits.maxDisagreementPercent);
      if (apart) return apart;
    }
    const rates = assets.map((asset) => ({
      asset,
      rate: first!.rates.get(asset)!,
      source: first!.source,
      fixedAt: first!.fixedAt,
    }));
    // the same verdict until a cached answer is asked again or a fresh one turns stale
    const staleAt = Math.min(...fresh.map((a) => a.fixedAt + (limits.maxRateAgeSeconds + 1) * 1000));
    if (problems.length === 0) this.remember(key, { until: Math.min(staleAt, ...expiries), rates });
    return rates;
  }

  private remember(key: string, entry: { until: number; rates: LockedRate[] }): void {
    // keys are currencies by limits: a handful in practice; a bound all the same
    if (this.locked.size >= MAX_LOCKED) this.locked.clear();
    this.locked.set(key, entry);
  }

  /** One source's rates for `fiat`: its own, or its USD ones crossed through the ECB's table. */
  private async answer(
    source: RateSource,
    fiat: string,
    assets: readonly AssetCode[],
    expiries: number[],
  ): Promise<Answer> {
    const direct = await this.cached(source, fiat, assets, expiries);
    if (assets.every((a) => direct.rates.has(`${fiat}/${a}`)))
      return { source: source.name, rates: pick(direct, fiat, assets), fixedAt: direct.fixedAt };
    if (!this.options.ecb || fiat === 'USD') throw new SourceError(`no ${fiat} price`);
    const [usd, table] = await Promise.all([this.cached(source, 'USD', assets, expiries), this.ecbTable(expiries)]);
    const fiatPerEur = table.perEur.get(fiat);
    const usdPerEur = table.perEur.get('USD');
    if (!fiatPerEur || !usdPerEur) throw new SourceError(`no ${fiat} price, and the ECB does not list ${fiat} either`);
    if (!assets.every((a) => usd.rates.has(`USD/${a}`))) throw new SourceError(`no ${fiat} nor USD price`);
    // asset→fiat = asset→USD × (EUR→fiat / EUR→USD), rounded once
    const rates = new Map(assets.map((a) => [a, deriveRate([usd.rates.get(`USD/${a}`)!, fiatPerEur], [usdPerEur])]));
    return { source: `${source.name}+ecb`, rates, fixedAt: usd.fixedAt };
  }

  /** `expiries` gets when the answer used leaves the cache. */
  private cached(
    source: RateSource,
    fiat: string,
    assets: readonly AssetCode[],
    expiries: number[],
  ): Promise<SourcePrices> {
    const key = `${source.name}|${fiat}|${assets.join(',')}`;
    const now = this.options.clock.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.options.cacheMs && now >= hit.at) {
      expiries.push(hit.at + this.options.cacheMs);
      return hit.prices;
    }
    const prices = source.fetchPrices([fiat], assets);
    this.cache.set(key, { at: now, prices });
    expiries.push(now + this.options.cacheMs);
    // a failure is not kept: the next invoice asks again (and the health shows the failure meanwhile)
    prices.catch(() => {
      if (this.cache.get(key)?.prices === prices) this.cache.delete(key);
    });
    return prices;
  }

  private ecbTable(expiries: number[]): Promise<EcbTable> {
    const ecb = this.options.ecb!;
    const now = this.options.clock.now();
    if (this.ecbCache && now - this.ecbCache.at < ECB_CACHE_MS && now >= this.ecbCache.at) {
      expiries.push(this.ecbCache.at + ECB_CACHE_MS);
      return this.ecbCache.table;
    }
    expiries.push(now + ECB_CACHE_MS);
    const table = fetchEcbTable(ecb.baseUrl, this.options.timeoutMs).then((t) => {
      const ageMs = this.options.clock.now() - t.fixedAt;
      if (ageMs > ecb.maxAgeMs)
        throw new SourceError(`the ECB's table is from ${t.day}, older than ${Math.round(ecb.maxAgeMs / 3_600_000)} h`);
      return t;
    });
    const entry = { at: now, table };
    this.ecbCache = entry;
    table.then(
      () => this.health.succeeded('ecb'),
      (err: unknown) => {
        this.health.failed('ecb', messageOf(err));
        if (this.ecbCache === entry) this.ecbCache = null;
      },
    );
    return table;
  }

  sourceHealth(): RateSourceHealth[] {
    return this.health.list();
  }
}

function pick(prices: SourcePrices, fiat: string, assets: readonly AssetCode[]): Map<AssetCode, string> {
  return new Map(assets.map((a) => [a, prices.rates.get(`${fiat}/${a}`)!]));
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
