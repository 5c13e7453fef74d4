// CoinGecko's simple/price adapter against a loopback double serving CoinGecko's recorded answers.
import { afterEach, describe, expect, it } from 'vitest';
import { coingeckoSource } from '../../server/rates/coingecko-source';
import type { SourceError } from '../../server/rates/rate-source';
import { ManualClock } from '../helpers/test-app';
import { ok, startRateDouble, type RateDouble } from './rate-double';

describe('the CoinGecko rate source', () => {
  let double: RateDouble;
  const clock = new ManualClock();
  afterEach(async () => {
    await double.close();
  });
  const source = (timeoutMs = 2_000) => coingeckoSource({ baseUrl: double.baseUrl, timeoutMs, clock });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as SourceError,
    );

  it('reads the asked currency per coin id and dates the prices by the oldest last_updated_at', async () => {
    double = await startRateDouble(ok('coingecko-simple-price.json'));
    const prices = await source().fetchPrices(['EUR'], ['USDT', 'TON']);
    expect(Object.fromEntries(prices.rates)).toEqual({ 'EUR/USDT': '0.8611', 'EUR/TON': '1.21' });
    expect(prices.fixedAt).toBe(1795262340_000);
    const asked = double.requests[0]!;
    expect(asked.pathname).toBe('/api/v3/simple/price');
    expect(asked.searchParams.get('ids')).toBe('tether,the-open-network');
    expect(asked.searchParams.get('vs_currencies')).toBe('eur');
    expect(asked.searchParams.get('include_last_updated_at')).toBe('true');
  });

  it('a USD price printed as 1.0 reads as "1"', async () => {
    double = await startRateDouble(ok('coingecko-simple-price.json'));
    expect((await source().fetchPrices(['USD'], ['USDT'])).rates.get('USD/USDT')).toBe('1');
  });

  it('a currency CoinGecko does not price is left out', async () => {
    double = await startRateDouble(ok('coingecko-simple-price-no-currency.json'));
    expect((await source().fetchPrices(['ISK'], ['TON', 'USDT'])).rates.size).toBe(0);
  });

  it('a stale price keeps its own date (the live rates set it aside)', async () => {
    double = await startRateDouble(ok('coingecko-simple-price-stale.json'));
    expect((await source().fetchPrices(['EUR'], ['TON'])).fixedAt).toBe(1795260000_000);
  });

  it("its 429 says rate limited in CoinGecko's own words", async () => {
    double = await startRateDouble({
      status: 429,
      file: 'coingecko-rate-limit.json',
      headers: { 'retry-after': '119' },
    });
    const err = await failure(source().fetchPrices(['EUR'], ['TON']));
    expect(err!.message).toBe(
      "429 rate limited: You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
    );
  });

  it("a 5xx from CoinGecko's proxy (an HTML page) names the status and quotes the page", async () => {
    double = await startRateDouble({ status: 502, file: 'coingecko-internal-error.html' });
    expect((await failure(source().fetchPrices(['EUR'], ['TON'])))!.message).toMatch(
      /^HTTP 502: <html> <head><title>502 Bad Gateway/,
    );
  });

  it('a source that does not answer is given up on at the timeout', async () => {
    double = await startRateDouble('hang');
    expect((await failure(source(300).fetchPrices(['EUR'], ['TON'])))!.message).toBe('timed out after 0.3 s');
  });

  it('a price that is not a positive number, or a body that is not JSON, is malformed', async () => {
    double = await startRateDouble(ok('coingecko-simple-price-malformed.json'));
    expect((await failure(source().fetchPrices(['EUR'], ['TON'])))!.message).toBe(
      'malformed response: TON in EUR is -1.21',
    );
    expect((await failure(source().fetchPrices(['EUR'], ['USDT'])))!.message).toBe(
      'malformed response: USDT in EUR is "0.8611"',
    );
    double.reply({ status: 200, file: 'eurofxref-daily.xml' });
    expect((await failure(source().fetchPrices(['EUR'], ['TON'])))!.message).toMatch(/^malformed response: not JSON/);
  });
});
