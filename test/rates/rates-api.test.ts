// End to end through the merchant API: a fiat invoice priced by the live sources (loopback doubles
// serving tonapi's and CoinGecko's recorded answers), and refused with 503 RATE_UNAVAILABLE, saying why,
// when the two disagree or the only answer is too old.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ok, startRateDouble, type RateDouble } from './rate-double';

const EUR = { currency: 'EUR', amount: '3.40', mainCurrency: 'TON' };

describe('fiat invoices on live rates', () => {
  let t: TestApp;
  let tonapi: RateDouble;
  let coingecko: RateDouble;
  let ecb: RateDouble;

  beforeEach(async () => {
    tonapi = await startRateDouble(ok('tonapi-rates.json'));
    coingecko = await startRateDouble(ok('coingecko-simple-price.json'));
    ecb = await startRateDouble(ok('eurofxref-daily.xml'));
    t = await createTestApp({
      config: {
        rates: {
          // the sandbox chain, but the live path: the point of the switch
          useSandboxTable: false,
          sources: [
            { name: 'tonapi', baseUrl: tonapi.baseUrl },
            { name: 'coingecko', baseUrl: coingecko.baseUrl },
          ],
          ecbUrl: ecb.baseUrl,
          timeoutMs: 1_000,
        },
      },
    });
  });
  afterEach(async () => {
    await t.close();
    await Promise.all([tonapi.close(), coingecko.close(), ecb.close()]);
  });

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      payload: JSON.stringify(payload),
      headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
    });

  it("prices the invoice at the first source's rates and names it on each quote", async () => {
    const res = await post(EUR);
    expect(res.statusCode).toBe(200);
    const fixedAt = new Date(t.clock.now()).toISOString();
    // 3.40 / 0.8608 = 3.949814… USDT, rounded up to the micro-USDT; 3.40 / 1.2093541 TON, up to the nanoton
    expect(res.json()).toMatchObject({
      price: { amount: '3.40', currency: 'EUR' },
      quotes: [
        { currency: 'USDT', amount: '3.949815', rate: '0.8608', source: 'tonapi', fixedAt },
        { currency: 'TON', amount: '2.811418095', rate: '1.2093541', source: 'tonapi', fixedAt },
      ],
    });
    expect(t.services.rates.health()).toMatchObject({
      origin: 'live',
      sources: [
        { name: 'tonapi', state: 'ok' },
        { name: 'coingecko', state: 'ok' },
        { name: 'ecb', state: 'unused' },
      ],
      lastRefusal: null,
    });
  });

  it('refuses with 503 RATE_UNAVAILABLE when the two sources disagree, and the health keeps the reason', async () => {
    coingecko.reply(ok('coingecko-simple-price-disagrees.json'));
    const res = await post(EUR);
    expect(res.statusCode).toBe(503);
    const reason = 'tonapi says 1.2093541, coingecko 1.27 EUR per TON: 5.0 % apart, more than 2 %';
    expect(res.json()).toEqual({
      error: {
        code: 'RATE_UNAVAILABLE',
        message: `no trustworthy exchange rate right now: ${reason}`,
        field: 'currency',
      },
    });
    expect(t.services.rates.health().lastRefusal).toEqual({
      at: new Date(t.clock.now()).toISOString(),
      reason: `no trustworthy exchange rate right now: ${reason}`,
    });
  });

  it('refuses a rate older than the limit when the other source is rate-limited', async () => {
    tonapi.reply({ status: 429, file: 'tonapi-rate-limit.json' });
    coingecko.reply(ok('coingecko-simple-price-stale.json'));
    const res = await post(EUR);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'no trustworthy exchange rate right now: tonapi: 429 rate limited: {"Error":"rate limit"}; coingecko: its EUR rate is 2400 s old, more than 900 s',
    );
  });

  it('prices a currency the sources lack through the ECB, naming both', async () => {
    tonapi.reply((url) =>
      url.searchParams.get('currencies') === 'usd'
        ? ok('tonapi-rates.json')
        : { status: 400, file: 'tonapi-invalid-currency.json' },
    );
    coingecko.reply((url) =>
      url.searchParams.get('vs_currencies') === 'usd'
        ? ok('coingecko-simple-price.json')
        : ok('coingecko-simple-price-no-currency.json'),
    );
    const res = await post({ currency: 'ISK', amount: '500', mainCurrency: 'TON' });
    expect(res.statusCode).toBe(200);
    expect(res.json().quotes.map((q: { source: string }) => q.source)).toEqual(['tonapi+ecb', 'tonapi+ecb']);
  });

  it('the sandbox table still serves when the switch is left on (the default)', async () => {
    const sandbox = await createTestApp();
    try {
      const res = await sandbox.app.inject({
        method: 'POST',
        url: '/invoice/deposit',
        payload: JSON.stringify(EUR),
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      });
      expect(res.json().quotes[0].source).toBe('sandbox');
      expect(sandbox.services.rates.health()).toMatchObject({ origin: 'sandbox', sources: [] });
      expect(tonapi.requests.length).toBe(0);
    } finally {
      await sandbox.close();
    }
  });
});
