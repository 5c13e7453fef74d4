import { formatAmount } from '../../contract/amount';
import {
  LONGEST_REPORT_DAYS,
  type CloseDayAsset,
  type CloseDayFigure,
  type CloseDayQuery,
  type CloseDayReport,
  type PriceTotal,
} from '../../contract/reports';
import { acceptedAssets } from '../config/config';
import { AppError, ErrorCode } from '../http/errors';
import { readStoreProfile } from '../payment-pages/store-profile';
import type { Services } from '../services';
import { storeTimeZone } from '../settings/time-zone';
import { localDate } from '../util/zoned-day';
import { csvCell } from './payment-console-routes';
import {
  daysInSpan,
  figuresIn,
  presentFigure as figure,
  readPeriod,
  reportedAssets,
  type AssetFigures,
} from './period-figures';
import { priceTotals } from './price-totals';

const HOUR_MS = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/** The days asked for: `date` (today in the store's zone when omitted) through `through` (`date` when omitted). */
function reportSpan(date: string | undefined, through: string | undefined, today: string) {
  const first = date ?? today;
  const last = through ?? first;
  const days = daysInSpan(first, last);
  if (days < 1) throw new AppError(400, ErrorCode.validation, 'must not be before date', 'through');
  if (days > LONGEST_REPORT_DAYS)
    throw new AppError(400, ErrorCode.validation, `may be at most ${LONGEST_REPORT_DAYS} days after date`, 'through');
  return { first, last, days };
}

/**
 * The close of `date` (today in the store's time zone when omitted), or of the days `date` through
 * `through`, as the console shows and exports it. Its figures are periodFigures', as the dashboard's are.
 */
export async function closeDayReport(services: Services, query: Partial<CloseDayQuery>): Promise<CloseDayReport> {
  const { settings, clock, payments } = services;
  const timeZone = await storeTimeZone(settings);
  const now = clock.now();
  const { first, last, days } = reportSpan(query.date, query.through, localDate(now, timeZone));
  const includeTest = query.includeTest ?? false;
  const period = await readPeriod(payments, { first, last, timeZone, includeTest });
  const { start, end } = period;
  // USDT's at the top level, in the order they always had, as before Toncoin: a client that reads them reads what it did
  const usdtClose = closeOfAsset({ currency: 'USDT', figures: figuresIn(period, 'USDT') });
  const { currency, tips, settledShort, prices: usdtPrices, ...usdt } = usdtClose;
  void [currency, settledShort, usdtPrices];
  // over every asset, not only those shown: a price is the merchant's figure whatever the asset paid
  const prices = priceTotals(period.assets.flatMap((a) => a.figures.prices));
  return {
    store: (await readStoreProfile(settings)).name,
    date: first,
    timeZone,
    from: iso(start),
    to: iso(end),
    hours: (end - start) / HOUR_MS,
    ...usdt,
    generatedAt: iso(now),
    through: last,
    days,
    includeTest,
    tips,
    assets: reportedAssets(period, acceptedAssets(services.config)).map(closeOfAsset),
    ...(prices.length > 0 ? { prices } : {}),
  };
}

/** One asset's close, in its own decimals. */
function closeOfAsset({ currency, figures: f }: AssetFigures): CloseDayAsset {
  return {
    currency,
    paid: figure(f.paid, currency),
    overpaid: { ...figure(f.overpaid, currency), extra: formatAmount(f.beyondAmount, currency) },
    partiallyPaid: figure(f.partiallyPaid, currency),
    expired: figure(f.expired, currency),
    refunded: figure(f.refunded, currency),
    takenIn: figure(f.takenIn, currency),
    netTakings: formatAmount(f.netTakings, currency),
    // last, as the CSV's row: an export read by position still finds the figures it knew where they were
    tips: figure(f.tips, currency),
    settledShort: figure(f.settledShort, currency),
    prices: priceTotals(f.prices),
  };
}

/** A decimal number cannot be a formula: a negative net stays a number (csvCell would make "-5.00" text). */
const amountCell = (v: string): string => (/^-?\d+\.\d+$/.test(v) ? v : csvCell(v));

/** `currency` last: a file read by position still finds every column where it was. */
export const CLOSE_DAY_CSV_COLUMNS = ['store', 'date', 'timeZone', 'figure', 'count', 'amount', 'currency'] as const;

/** One asset's figures as the CSV's rows, in the order they always had. */
const figureRows = (a: CloseDayAsset): [string, CloseDayFigure | { count: null; total: string }][] => [
  ['paid', a.paid],
  ['overpaid', a.overpaid],
  ['overpaid_extra', { count: null, total: a.overpaid.extra }],
  ['partially_paid', a.partiallyPaid],
  ['taken_in', a.takenIn],
  ['refunded', a.refunded],
  ['net_takings', { count: null, total: a.netTakings }],
  ['expired', a.expired],
  ['tips', a.tips],
  // only when some payment settled short: a file of a store that never forgives a shortfall reads as before
  ...(a.settledShort.count > 0 ? [['settled_short', a.settledShort] as [string, CloseDayFigure]] : []),
];

/** After every asset's rows, a row per fiat price currency (its code in the currency column), when any. */
const priceRows = (r: CloseDayReport): [string, PriceTotal][] => (r.prices ?? []).map((p) => ['price_total', p]);

/**
 * A set of rows per asset, one row per figure, each repeating the store, day and zone, so the files
 * of many days concatenate into one sheet; a range's date is an ISO 8601 interval of dates
 * (2026-03-01/2026-03-31). Every cell goes through csvCell: the store's name is the owner's text.
 */
export function closeDayCsv(r: CloseDayReport): string {
  const dates = r.through === r.date ? r.date : `${r.date}/${r.through}`;
  const row = (name: string, f: { count: number | null; total: string }, currency: string): string =>
    [
      ...[r.store, dates, r.timeZone, name, f.count === null ? null : String(f.count)].map(csvCell),
      amountCell(f.total),
      csvCell(currency),
    ].join(',');
  const lines = [
    ...r.assets.flatMap((asset) => figureRows(asset).map(([name, f]) => row(name, f, asset.currency))),
    ...priceRows(r).map(([name, p]) => row(name, p, p.currency)),
  ];
  return [CLOSE_DAY_CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}
