// tonapi's /v2/rates adapter against a loopback double serving tonapi's recorded answers.
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from '../../server/rates/rate-source';
import { tonapiSource } from '../../server/rates/tonapi-source';
import { ManualClock } from '../helpers/test-app';
import { ok, startRateDouble, type RateDouble } from './rate-double';

describe('the tonapi rate source', () => {
  let double: RateDouble;
  const clock = new ManualClock();
  afterEach(async () => {
    await double.close();
  });
  const source = (timeoutMs = 2_000) => tonapiSource({ baseUrl: double.baseUrl, timeoutMs, clock, apiKey: 'k-1' });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as SourceError,
    );

  it('reads TON and USDT (by its jetton master) in the asked currency, as the decimals tonapi printed', async () => {
    double = await startRateDouble(ok('tonapi-rates.json'));
    const prices = await source().fetchPrices(['EUR'], ['USDT', 'TON']);
    expect(Object.fromEntries(prices.rates)).toEqual({ 'EUR/USDT': '0.8608', 'EUR/TON': '1.2093541' });
    expect(prices.fixedAt).toBe(clock.now());
    const asked = double.requests[0]!;
    expect(asked.pathname).toBe('/v2/rates');
    expect(asked.searchParams.get('tokens')).toBe(
      '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe,ton',
    );
    expect(asked.searchParams.get('currencies')).toBe('eur');
  });

  it('keeps every digit of a long price (RUB 118.70884871575025) without float arithmetic', async () => {
    double = await startRateDouble(ok('tonapi-rates.json'));
    const prices = await source().fetchPrices(['RUB'], ['TON']);
    expect(prices.rates.get('RUB/TON')).toBe('118.70884871575025');
  });

  it('a currency tonapi does not know (its 400 "invalid currency") is a missing price, not a failure', async () => {
    double = await startRateDouble({ status: 400, file: 'tonapi-invalid-currency.json' });
    const prices = await source().fetchPrices(['KZT'], ['TON']);
    expect(prices.rates.size).toBe(0);
  });

  it('a zero price (tonapi has none for the token) is missing, never a free asset', async () => {
    double = await startRateDouble(ok('tonapi-no-price.json'));
    expect((await source().fetchPrices(['EUR'], ['TON', 'USDT'])).rates.size).toBe(0);
  });

  it('its 429 says rate limited, quoting tonapi', async () => {
    double = await startRateDouble({ status: 429, file: 'tonapi-rate-limit.json' });
    const err = await failure(source().fetchPrices(['EUR'], ['TON']));
    expect(err).toBeInstanceOf(SourceError);
    expect(err!.message).toBe('429 rate limited: {"Error":"rate limit"}');
  });

  it('a 5xx is a failure naming the status', async () => {
    double = await startRateDouble({ status: 500, file: 'tonapi-internal-error.json' });
    const err = await failure(source().fetchPrices(['EUR'], ['TON']));
    expect(err!.message).toMatch(/^HTTP 500: \{"error":"failed to get rates/);
  });

  it('a source that does not answer is given up on at the timeout', async () => {
    double = await startRateDouble('hang');
    const err = await failure(source(200).fetchPrices(['EUR'], ['TON']));
    expect(err!.message).toBe('timed out after 0.2 s');
  });

  it('a body that is not the rates shape is malformed', async () => {
    double = await startRateDouble({ status: 200, file: 'coingecko-internal-error.html' });
    expect((await failure(source().fetchPrices(['EUR'], ['TON'])))!.message).toMatch(/^malformed response: not JSON/);
    double.reply(ok('coingecko-simple-price.json'));
    expect((await failure(source().fetchPrices(['EUR'], ['TON'])))!.message).toBe(
      'malformed response: no "rates" object',
    );
  });
});
