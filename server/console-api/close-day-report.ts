import { formatAmount } from '../../contract/amount';
import {
  LONGEST_REPORT_DAYS,
  type CloseDayFigure,
  type CloseDayQuery,
  type CloseDayReport,
} from '../../contract/reports';
import { AppError, ErrorCode } from '../http/errors';
import { readStoreProfile } from '../payment-pages/store-profile';
import type { Services } from '../services';
import { storeTimeZone } from '../settings/time-zone';
import { localDate } from '../util/zoned-day';
import { csvCell } from './payment-console-routes';
import { daysInSpan, presentFigure as figure, readPeriod } from './period-figures';

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
  const { start, end, figures: f } = await readPeriod(payments, { first, last, timeZone, includeTest });
  return {
    store: (await readStoreProfile(settings)).name,
    date: first,
    timeZone,
    from: iso(start),
    to: iso(end),
    hours: (end - start) / HOUR_MS,
    paid: figure(f.paid),
    overpaid: { ...figure(f.overpaid), extra: formatAmount(f.beyondAmount, 'USDT') },
    partiallyPaid: figure(f.partiallyPaid),
    expired: figure(f.expired),
    refunded: figure(f.refunded),
    takenIn: figure(f.takenIn),
    netTakings: formatAmount(f.netTakings, 'USDT'),
    generatedAt: iso(now),
    through: last,
    days,
    includeTest,
    // last, as the CSV's row: an export read by position still finds the figures it knew where they were
    tips: figure(f.tips),
  };
}

/** A decimal number cannot be a formula: a negative net stays a number (csvCell would make "-5.00" text). */
const amountCell = (v: string): string => (/^-?\d+\.\d+$/.test(v) ? v : csvCell(v));

export const CLOSE_DAY_CSV_COLUMNS = ['store', 'date', 'timeZone', 'figure', 'count', 'amount'] as const;

/**
 * One row per figure, each repeating the store, day and zone, so the files of many days concatenate
 * into one sheet; a range's date is an ISO 8601 interval of dates (2026-03-01/2026-03-31). Every cell
 * goes through csvCell: the store's name is the owner's text.
 */
export function closeDayCsv(r: CloseDayReport): string {
  const rows: [string, CloseDayFigure | { count: null; total: string }][] = [
    ['paid', r.paid],
    ['overpaid', r.overpaid],
    ['overpaid_extra', { count: null, total: r.overpaid.extra }],
    ['partially_paid', r.partiallyPaid],
    ['taken_in', r.takenIn],
    ['refunded', r.refunded],
    ['net_takings', { count: null, total: r.netTakings }],
    ['expired', r.expired],
    ['tips', r.tips],
  ];
  const dates = r.through === r.date ? r.date : `${r.date}/${r.through}`;
  const lines = rows.map(([name, f]) =>
    [
      ...[r.store, dates, r.timeZone, name, f.count === null ? null : String(f.count)].map(csvCell),
      amountCell(f.total),
    ].join(','),
  );
  return [CLOSE_DAY_CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}
