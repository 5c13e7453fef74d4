import type { AssetCode } from '../../contract/asset';
import { decimalFromJsonNumber } from '../../contract/price';
import type { Clock } from '../util/clock';
import { getText, isRecord, parseJson, SourceError, type RateSource, type SourcePrices } from './rate-source';

/**
 * tonapi's token for each asset: TON by its symbol, USDT by its jetton master on mainnet (raw form,
 * so tonapi keys its answer by the same raw form). Prices are the market's, whatever chain the store runs on.
 */
export const TONAPI_TOKENS: Readonly<Record<AssetCode, string>> = {
  TON: 'ton',
  USDT: '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe',
};

export interface TonapiOptions {
  baseUrl: string;
  timeoutMs: number;
  apiKey?: string | undefined;
  clock: Clock;
}

/**
 * tonapi's `GET /v2/rates?tokens=…&currencies=…` → `{ rates: { TON: { prices: { EUR: 4.87 } }, "0:b113…": … } }`.
 * It sends no timestamp: a price is as fresh as the answer. A currency it does not know fails the
 * whole request (400 `{"error":"invalid currency: KZT"}`); that is a missing price, not a failing source.
 */
export function tonapiSource(options: TonapiOptions): RateSource {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    name: 'tonapi',
    async fetchPrices(fiats, assets): Promise<SourcePrices> {
      const url = new URL('/v2/rates', options.baseUrl);
      url.searchParams.set('tokens', assets.map((a) => TONAPI_TOKENS[a]).join(','));
      url.searchParams.set('currencies', fiats.map((f) => f.toLowerCase()).join(','));
      const fixedAt = options.clock.now();
      let body: string;
      try {
        body = await getText(url.toString(), { timeoutMs: options.timeoutMs, headers });
      } catch (err) {
        if (err instanceof SourceError && err.status === 400 && /invalid currency/i.test(err.body))
          return { rates: new Map(), fixedAt };
        throw err;
      }
      return { rates: readRates(parseJson(body), fiats, assets), fixedAt };
    },
  };
}

function readRates(json: unknown, fiats: readonly string[], assets: readonly AssetCode[]): Map<string, string> {
  if (!isRecord(json) || !isRecord(json.rates)) throw new SourceError('malformed response: no "rates" object');
  const byToken = json.rates;
  const rates = new Map<string, string>();
  for (const asset of assets) {
    const token = TONAPI_TOKENS[asset];
    const entry = byToken[token] ?? byToken[token.toUpperCase()];
    if (!isRecord(entry) || !isRecord(entry.prices)) continue;
    for (const fiat of fiats) {
      const price = entry.prices[fiat];
      if (price === undefined) continue;
      // a zero is tonapi's way of saying it has no price for the token: missing, not free
      const rate = typeof price === 'number' ? decimalFromJsonNumber(price) : null;
      if (rate === null && price !== 0)
        throw new SourceError(`malformed response: ${asset} in ${fiat} is ${JSON.stringify(price)}`);
      if (rate !== null) rates.set(`${fiat}/${asset}`, rate);
    }
  }
  return rates;
}
