import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { ASSET_CODES, type AssetCode } from '../../contract/asset';
import { StatsQuerySchema, StatsSchema, type AssetVolume, type Stats } from '../../contract/console';
import { acceptedAssets } from '../config/config';
import type { Services } from '../services';
import { storeTimeZone } from '../settings/time-zone';
import { localDate } from '../util/zoned-day';
import type { ConsoleQueries } from './console-queries';
import { mondayOf, presentTakings, readPeriod } from './period-figures';

const DAY_MS = 86_400_000;

/** Midnight of the merchant's local day containing `now`, as epoch ms; the browser sends its offset. */
export function localMidnight(now: number, tzOffsetMinutes: number): number {
  const offset = -tzOffsetMinutes * 60_000;
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

/** At a million rows the sums cost tens of ms, so one answer serves every open dashboard until the next change (or for a moment). */
const CACHE_MS = 2_000;

export async function statsRoutes(app: FastifyInstance, opts: { queries: ConsoleQueries }): Promise<void> {
  const { queries } = opts;
  const cache = new Map<string, { at: number; value: Stats }>();
  // A committed change makes the figures stale: the live console reloads them on every event.
  const unsubscribe = app.services.bus.onCommitted(() => cache.clear());
  app.addHook('onClose', async () => unsubscribe());
  addRoute(app, {
    method: 'GET',
    url: '/stats',
    operationId: 'getStats',
    tags: ['Console: dashboard'],
    auth: 'staff',
    summary: "Paid volume today and this week (the merchant's local days), counts by status and paid volume per day",
    query: StatsQuerySchema,
    responses: { 200: { description: 'Dashboard figures', schema: StatsSchema } },
    handler: async ({ query }) => {
      const now = app.services.clock.now();
      const timeZone = await storeTimeZone(app.services.settings);
      const { storeCurrency } = await app.services.pricing.current();
      const key = `${query.tzOffset}/${query.days}/${timeZone}/${query.includeTest}/${storeCurrency}`;
      const hit = cache.get(key);
      // Real time, not the service clock: a test's frozen clock must not freeze the figures.
      const age = hit ? Date.now() - hit.at : Infinity;
      if (hit && age >= 0 && age < CACHE_MS) return hit.value;
      const today = localMidnight(now, query.tzOffset);
      // Weeks start on Monday, as in most of the world's shops.
      const weekday = (new Date(today - query.tzOffset * 60_000).getUTCDay() + 6) % 7;
      const origin = today - (query.days - 1) * DAY_MS;
      const volumeIn = async (currency: AssetCode): Promise<AssetVolume> => ({
        currency,
        today: await queries.paidVolume(today, today + DAY_MS, query.includeTest, currency),
        week: await queries.paidVolume(today - weekday * DAY_MS, today + DAY_MS, query.includeTest, currency),
        series: (await queries.dailyVolume(origin, query.days, query.includeTest, currency)).map((b, i) => ({
          ...b,
          date: new Date(origin + i * DAY_MS - query.tzOffset * 60_000).toISOString().slice(0, 10),
        })),
      });
      const volumes = await Promise.all(ASSET_CODES.map(volumeIn));
      const accepted = acceptedAssets(app.services.config);
      const { today: usdtToday, week: usdtWeek, series } = volumes.find((v) => v.currency === 'USDT')!;
      const value = {
        now: new Date(now).toISOString(),
        today: usdtToday,
        week: usdtWeek,
        takings: await takingsNow(
          app.services,
          now,
          { timeZone, includeTest: query.includeTest },
          { accepted, storeCurrency },
        ),
        counts: await queries.countsByStatus(query.includeTest),
        unmatched: await queries.unmatchedCount(),
        series,
        // an asset the store no longer takes still shows while its payments are in the days shown
        assets: volumes.filter((v) => accepted.includes(v.currency) || v.series.some((b) => b.count > 0)),
      };
      cache.clear();
      cache.set(key, { at: Date.now(), value });
      return value;
    },
  });
}

/** Today's and this week's takings in the store's time zone, by the very rules of the daily close. */
async function takingsNow(
  services: Services,
  now: number,
  how: { timeZone: string; includeTest: boolean },
  store: { accepted: readonly AssetCode[]; storeCurrency: string },
): Promise<Stats['takings']> {
  const date = localDate(now, how.timeZone);
  const [today, week] = await Promise.all([
    readPeriod(services.payments, { first: date, last: date, ...how }),
    readPeriod(services.payments, { first: mondayOf(date), last: date, ...how }),
  ]);
  const present = (p: typeof today) => presentTakings(p, store.accepted, store.storeCurrency);
  return { today: present(today), week: present(week) };
}
