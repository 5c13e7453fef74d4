import { parseRate } from '../../contract/price';
import { getText, SourceError } from './rate-source';

/** The ECB's reference rates: how much of each currency one euro buys, on one day. */
export interface EcbTable {
  /** ISO code → units per 1 EUR, as the ECB printed it ("1.0512"); EUR itself is "1" */
  perEur: ReadonlyMap<string, string>;
  /** the day's date as the ECB wrote it ("2026-11-20") */
  day: string;
  /** when it was fixed (ms): the ECB sets its rates at 14:15 CET and publishes around 16:00; counted from 15:00 UTC of that day */
  fixedAt: number;
}

export const ECB_DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/**
 * `eurofxref-daily.xml`: `<Cube time='2026-11-20'><Cube currency='USD' rate='1.0512'/>…</Cube>`.
 * Read with two patterns rather than an XML parser: the format has not changed since 2002 and only
 * these two element shapes matter; anything else in the envelope is ignored.
 */
export async function fetchEcbTable(baseUrl: string, timeoutMs: number): Promise<EcbTable> {
  const body = await getText(new URL(ECB_DAILY_PATH, baseUrl).toString(), { timeoutMs });
  return parseEcbXml(body);
}

export function parseEcbXml(xml: string): EcbTable {
  const time = /<Cube\s+time\s*=\s*['"](\d{4})-(\d{2})-(\d{2})['"]/.exec(xml);
  if (!time) throw new SourceError('malformed response: no <Cube time=…> in the ECB table');
  const perEur = new Map<string, string>([['EUR', '1']]);
  for (const m of xml.matchAll(/<Cube\s+currency\s*=\s*['"]([A-Z]{3})['"]\s+rate\s*=\s*['"]([^'"]+)['"]/g)) {
    const [, currency = '', rate = ''] = m;
    if (parseRate(rate) === null) throw new SourceError(`malformed response: the ECB's ${currency} rate is "${rate}"`);
    perEur.set(currency, rate);
  }
  if (perEur.size === 1) throw new SourceError('malformed response: no rates in the ECB table');
  const [, y, mo, d] = time;
  return { perEur, day: `${y}-${mo}-${d}`, fixedAt: Date.UTC(Number(y), Number(mo) - 1, Number(d), 15) };
}
