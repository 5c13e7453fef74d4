import type { AssetCode } from '../../contract/asset';
import { decimalFromJsonNumber } from '../../contract/price';
import type { Clock } from '../util/clock';
import { getText, isRecord, parseJson, SourceError, type RateSource, type SourcePrices } from './rate-source';

/** CoinGecko's coin id for each asset. */
export const COINGECKO_IDS: Readonly<Record<AssetCode, string>> = { TON: 'the-open-network', USDT: 'tether' };

export interface CoingeckoOptions {
  baseUrl: string;
  timeoutMs: number;
  /** a demo key goes in x-cg-demo-api-key; without one the public limits apply */
  apiKey?: string | undefined;
  clock: Clock;
}

/**
 * CoinGecko's `GET /api/v3/simple/price?ids=…&vs_currencies=…&include_last_updated_at=true` →
 * `{ "the-open-network": { "eur": 4.87, "last_updated_at": 1795262370 } }`. A currency it does not
 * price is simply left out. The prices are as old as the oldest `last_updated_at` among the assets.
 */
export function coingeckoSource(options: CoingeckoOptions): RateSource {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-cg-demo-api-key'] = options.apiKey;
  return {
    name: 'coingecko',
    async fetchPrices(fiats, assets): Promise<SourcePrices> {
      const url = new URL('/api/v3/simple/price', options.baseUrl);
      url.searchParams.set('ids', assets.map((a) => COINGECKO_IDS[a]).join(','));
      url.searchParams.set('vs_currencies', fiats.map((f) => f.toLowerCase()).join(','));
      url.searchParams.set('include_last_updated_at', 'true');
      const answeredAt = options.clock.now();
      let body: string;
      try {
        body = await getText(url.toString(), { timeoutMs: options.timeoutMs, headers });
      } catch (err) {
        throw err instanceof SourceError ? new SourceError(explain(err), err.status, err.body) : err;
      }
      return readPrices(parseJson(body), fiats, assets, answeredAt);
    },
  };
}

function readPrices(
  json: unknown,
  fiats: readonly string[],
  assets: readonly AssetCode[],
  answeredAt: number,
): SourcePrices {
  if (!isRecord(json)) throw new SourceError('malformed response: not an object');
  const rates = new Map<string, string>();
  let fixedAt = answeredAt;
  for (const asset of assets) {
    const entry = json[COINGECKO_IDS[asset]];
    if (entry === undefined) continue;
    if (!isRecord(entry)) throw new SourceError(`malformed response: ${COINGECKO_IDS[asset]} is not an object`);
    for (const fiat of fiats) {
      const price = entry[fiat.toLowerCase()];
      if (price === undefined || price === null) continue;
      const rate = typeof price === 'number' ? decimalFromJsonNumber(price) : null;
      if (rate === null) throw new SourceError(`malformed response: ${asset} in ${fiat} is ${JSON.stringify(price)}`);
      rates.set(`${fiat}/${asset}`, rate);
    }
    const updated = entry.last_updated_at;
    if (typeof updated === 'number' && Number.isInteger(updated) && updated > 0)
      fixedAt = Math.min(fixedAt, updated * 1000);
  }
  return { rates, fixedAt };
}

/** CoinGecko's own words where it sends them: `{"status":{"error_code":429,"error_message":"You've exceeded…"}}`. */
function explain(err: SourceError): string {
  try {
    const json = JSON.parse(err.body) as unknown;
    const status = isRecord(json) && isRecord(json.status) ? json.status : null;
    const message = status && typeof status.error_message === 'string' ? status.error_message : null;
    if (message) return `${err.status === 429 ? '429 rate limited' : `HTTP ${err.status}`}: ${message.slice(0, 200)}`;
  } catch {
    // not JSON (an HTML page from a proxy): the generic message quotes it
  }
  return err.message;
}
