// The live rates over loopback doubles of tonapi, CoinGecko and the ECB: failover, the cache, crosses
// through the ECB's table, and the refusals (sources apart, rates too old, nobody answering).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveRate } from '../../contract/price';
import { coingeckoSource } from '../../server/rates/coingecko-source';
import { LiveRates, type Limits } from '../../server/rates/live-rates';
import { tonapiSource } from '../../server/rates/tonapi-source';
import { ManualClock } from '../helpers/test-app';
import { ok, startRateDouble, type RateDouble } from './rate-double';

const LIMITS: Limits = { maxDisagreementPercent: '2', maxRateAgeSeconds: 900 };
const TONAPI_429 = { status: 429, file: 'tonapi-rate-limit.json' } as const;
/** tonapi answers 400 "invalid currency" for a currency it does not price (here: anything but USD/EUR/GBP/JPY/RUB) */
const tonapiByCurrency = (url: URL) =>
  /^(usd|eur|gbp|jpy|rub)$/.test(url.searchParams.get('currencies') ?? '')
    ? ok('tonapi-rates.json')
    : ({ status: 400, file: 'tonapi-invalid-currency.json' } as const);
const coingeckoByCurrency = (url: URL) =>
  /^(usd|eur|gbp|jpy)$/.test(url.searchParams.get('vs_currencies') ?? '')
    ? ok('coingecko-simple-price.json')
    : ok('coingecko-simple-price-no-currency.json');

describe('live rates', () => {
  let tonapi: RateDouble;
  let coingecko: RateDouble;
  let ecb: RateDouble;
  let clock: ManualClock;
  let live: LiveRates;

  beforeEach(async () => {
    tonapi = await startRateDouble(tonapiByCurrency);
    coingecko = await startRateDouble(coingeckoByCurrency);
    ecb = await startRateDouble(ok('eurofxref-daily.xml'));
    clock = new ManualClock(); // 2026-11-21 12:00 UTC: a minute after the CoinGecko fixture's last_updated_at
    const options = { timeoutMs: 300, clock };
    live = new LiveRates({
      sources: [
        tonapiSource({ ...options, baseUrl: tonapi.baseUrl }),
        coingeckoSource({ ...options, baseUrl: coingecko.baseUrl }),
      ],
      ecb: { baseUrl: ecb.baseUrl, maxAgeMs: 96 * 3_600_000 },
      timeoutMs: 300,
      cacheMs: 60_000,
      clock,
    });
  });
  afterEach(async () => {
    await Promise.all([tonapi.close(), coingecko.close(), ecb.close()]);
  });

  it('locks the first source when the two agree, and says both are healthy', async () => {
    expect(await live.ratesFor('EUR', ['USDT', 'TON'], LIMITS)).toEqual([
      { asset: 'USDT', rate: '0.8608', source: 'tonapi', fixedAt: clock.now() },
      { asset: 'TON', rate: '1.2093541', source: 'tonapi', fixedAt: clock.now() },
    ]);
    expect(live.sourceHealth().map((h) => [h.name, h.state])).toEqual([
      ['tonapi', 'ok'],
      ['coingecko', 'ok'],
      ['ecb', 'unused'],
    ]);
  });

  it('fails over to CoinGecko when tonapi rate-limits, and the health says why', async () => {
    tonapi.reply(TONAPI_429);
    const [usdt] = (await live.ratesFor('EUR', ['USDT'], LIMITS)) as {
      source: string;
      rate: string;
      fixedAt: number;
    }[];
    expect(usdt).toMatchObject({ source: 'coingecko', rate: '0.8611', fixedAt: 1795262351_000 });
    expect(live.sourceHealth()[0]).toMatchObject({
      name: 'tonapi',
      state: 'failing',
      lastError: '429 rate limited: {"Error":"rate limit"}',
      lastFailureAt: new Date(clock.now()).toISOString(),
    });
  });

  it('a burst of invoices costs each source one request, until the cache runs out', async () => {
    const burst = await Promise.all(Array.from({ length: 25 }, () => live.ratesFor('EUR', ['USDT', 'TON'], LIMITS)));
    expect(new Set(burst.map((r) => JSON.stringify(r))).size).toBe(1);
    expect([tonapi.requests.length, coingecko.requests.length]).toEqual([1, 1]);
    clock.advance(59_000);
    await live.ratesFor('EUR', ['USDT', 'TON'], LIMITS);
    expect([tonapi.requests.length, coingecko.requests.length]).toEqual([1, 1]);
    clock.advance(1_000);
    await live.ratesFor('EUR', ['USDT', 'TON'], LIMITS);
    expect([tonapi.requests.length, coingecko.requests.length]).toEqual([2, 2]);
  });

  it('a rate locked from the cache is not reused once it turns older than the limit', async () => {
    // CoinGecko first: its answer is a minute old, so 31 s later it is past a 90 s limit while still cached
    const coingeckoFirst = new LiveRates({
      sources: [
        coingeckoSource({ timeoutMs: 300, clock, baseUrl: coingecko.baseUrl }),
        tonapiSource({ timeoutMs: 300, clock, baseUrl: tonapi.baseUrl }),
      ],
      ecb: null,
      timeoutMs: 300,
      cacheMs: 60_000,
      clock,
    });
    const limits = { ...LIMITS, maxRateAgeSeconds: 90 };
    expect(await coingeckoFirst.ratesFor('EUR', ['TON'], limits)).toMatchObject([{ source: 'coingecko' }]);
    clock.advance(30_000);
    expect(await coingeckoFirst.ratesFor('EUR', ['TON'], limits)).toMatchObject([{ source: 'coingecko' }]);
    clock.advance(1_000);
    expect(await coingeckoFirst.ratesFor('EUR', ['TON'], limits)).toMatchObject([{ source: 'tonapi' }]);
    expect([tonapi.requests.length, coingecko.requests.length]).toEqual([1, 1]);
  });

  it('a failure is not cached: the next invoice asks again', async () => {
    tonapi.reply(TONAPI_429);
    await live.ratesFor('EUR', ['TON'], LIMITS);
    tonapi.reply(tonapiByCurrency);
    const [ton] = (await live.ratesFor('EUR', ['TON'], LIMITS)) as { source: string }[];
    expect(ton!.source).toBe('tonapi');
    expect(tonapi.requests.length).toBe(2);
  });

  it('refuses when the two sources are further apart than the limit, saying by how much', async () => {
    coingecko.reply(ok('coingecko-simple-price-disagrees.json'));
    expect(await live.ratesFor('EUR', ['USDT', 'TON'], LIMITS)).toBe(
      'tonapi says 1.2093541, coingecko 1.27 EUR per TON: 5.0 % apart, more than 2 %',
    );
    // the same answers within a looser limit are fine
    const looser = await live.ratesFor('EUR', ['TON'], { ...LIMITS, maxDisagreementPercent: '5.5' });
    expect(looser).toMatchObject([{ source: 'tonapi', rate: '1.2093541' }]);
  });

  it('sets aside a rate older than the limit: with tonapi down too, refuses saying how old', async () => {
    tonapi.reply({ status: 500, file: 'tonapi-internal-error.json' });
    coingecko.reply(ok('coingecko-simple-price-stale.json'));
    expect(await live.ratesFor('EUR', ['TON'], LIMITS)).toBe(
      'tonapi: HTTP 500: {"error":"failed to get rates: context deadline exceeded"}; coingecko: its EUR rate is 2400 s old, more than 900 s',
    );
    expect(live.sourceHealth()[1]).toMatchObject({
      state: 'failing',
      lastError: 'its EUR rate is 2400 s old, more than 900 s',
    });
  });

  it('a fresh rate from one source serves while the other is stale', async () => {
    coingecko.reply(ok('coingecko-simple-price-stale.json'));
    expect(await live.ratesFor('EUR', ['TON'], LIMITS)).toMatchObject([{ source: 'tonapi', rate: '1.2093541' }]);
  });

  it("crosses a currency a source lacks through its USD price and the ECB's table, once each", async () => {
    const locked = await live.ratesFor('ISK', ['USDT', 'TON'], LIMITS);
    // TON→ISK = TON→USD × (EUR→ISK / EUR→USD), rounded once to 12 significant digits
    expect(locked).toEqual([
      {
        asset: 'USDT',
        rate: deriveRate(['1.00021', '147.40'], ['1.1571']),
        source: 'tonapi+ecb',
        fixedAt: clock.now(),
      },
      {
        asset: 'TON',
        rate: deriveRate(['1.404859514', '147.40'], ['1.1571']),
        source: 'tonapi+ecb',
        fixedAt: clock.now(),
      },
    ]);
    expect(deriveRate(['1.404859514', '147.40'], ['1.1571'])).toBe('178.961448763'); // 178.96144876294… by hand (python Decimal);
    expect(ecb.requests.length).toBe(1);
    expect(live.sourceHealth()[2]).toMatchObject({ name: 'ecb', state: 'ok' });
  });

  it('refuses a currency neither the sources nor the ECB price', async () => {
    expect(await live.ratesFor('KZT', ['TON'], LIMITS)).toBe(
      'tonapi: no KZT price, and the ECB does not list KZT either; coingecko: no KZT price, and the ECB does not list KZT either',
    );
  });

  it('will not cross through an ECB table older than its limit', async () => {
    ecb.reply(ok('eurofxref-daily-stale.xml'));
    const reason = await live.ratesFor('ISK', ['TON'], LIMITS);
    expect(reason).toBe(
      "tonapi: the ECB's table is from 2026-11-13, older than 96 h; coingecko: the ECB's table is from 2026-11-13, older than 96 h",
    );
    expect(live.sourceHealth()[2]).toMatchObject({ state: 'failing' });
  });

  it('refuses when no source answers in time, naming each', async () => {
    tonapi.reply('hang');
    coingecko.reply('hang');
    expect(await live.ratesFor('EUR', ['TON'], LIMITS)).toBe(
      'tonapi: timed out after 0.3 s; coingecko: timed out after 0.3 s',
    );
  });
});
