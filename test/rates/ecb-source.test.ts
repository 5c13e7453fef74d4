// The ECB's eurofxref-daily.xml against a loopback double serving the ECB's recorded format.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchEcbTable } from '../../server/rates/ecb-source';
import type { SourceError } from '../../server/rates/rate-source';
import { ok, startRateDouble, type RateDouble } from './rate-double';

describe("the ECB's daily reference rates", () => {
  let double: RateDouble;
  afterEach(async () => {
    await double.close();
  });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err as SourceError,
    );

  it('reads every currency per euro as printed, and the day, fixed at 15:00 UTC', async () => {
    double = await startRateDouble(ok('eurofxref-daily.xml'));
    const table = await fetchEcbTable(double.baseUrl, 2_000);
    expect(double.requests[0]!.pathname).toBe('/stats/eurofxref/eurofxref-daily.xml');
    expect(table.day).toBe('2026-11-20');
    expect(table.fixedAt).toBe(Date.UTC(2026, 10, 20, 15));
    expect(table.perEur.get('USD')).toBe('1.1571');
    expect(table.perEur.get('GBP')).toBe('0.87950');
    expect(table.perEur.get('EUR')).toBe('1');
    expect(table.perEur.size).toBe(30);
    // the ECB does not publish every currency: a cross to KZT has nothing to go through
    expect(table.perEur.has('KZT')).toBe(false);
  });

  it('a 5xx, a hang and a page that is not the table are failures saying which', async () => {
    double = await startRateDouble({ status: 503, file: 'coingecko-internal-error.html' });
    expect((await failure(fetchEcbTable(double.baseUrl, 2_000)))!.message).toMatch(/^HTTP 503/);
    double.reply('hang');
    expect((await failure(fetchEcbTable(double.baseUrl, 200)))!.message).toBe('timed out after 0.2 s');
    double.reply(ok('coingecko-simple-price.json'));
    expect((await failure(fetchEcbTable(double.baseUrl, 2_000)))!.message).toBe(
      'malformed response: no <Cube time=…> in the ECB table',
    );
  });
});
