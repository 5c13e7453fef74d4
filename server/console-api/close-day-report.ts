import { formatAmount } from '../../contract/amount';
import type { CloseDayFigure, CloseDayReport } from '../../contract/reports';
import { readStoreProfile } from '../payment-pages/store-profile';
import type { Services } from '../services';
import { storeTimeZone } from '../settings/time-zone';
import type { PaidVolume } from '../storage/ledger-repositories';
import { dayBounds, localDate } from '../util/zoned-day';
import { csvCell } from './payment-console-routes';

const HOUR_MS = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const figure = (v: PaidVolume): CloseDayFigure => ({ count: v.count, total: formatAmount(v.amount) });

/** The daily close of `date` (today in the store's time zone when omitted), as the console shows and exports it. */
export async function closeDayReport(services: Services, date: string | undefined): Promise<CloseDayReport> {
  const { settings, clock, payments } = services;
  const timeZone = await storeTimeZone(settings);
  const now = clock.now();
  const day = date ?? localDate(now, timeZone);
  const { start, end } = dayBounds(day, timeZone);
  const f = await payments.closeOfDay(start, end);
  const takenIn: PaidVolume = {
    count: f.paid.count + f.overpaid.count + f.partiallyPaid.count,
    amount: f.paid.amount + f.overpaid.amount + f.partiallyPaid.amount,
  };
  return {
    store: (await readStoreProfile(settings)).name,
    date: day,
    timeZone,
    from: iso(start),
    to: iso(end),
    hours: (end - start) / HOUR_MS,
    paid: figure(f.paid),
    overpaid: { ...figure(f.overpaid), extra: formatAmount(f.overpaid.extra) },
    partiallyPaid: figure(f.partiallyPaid),
    expired: figure(f.expired),
    refunded: figure(f.refunded),
    takenIn: figure(takenIn),
    netTakings: formatAmount(takenIn.amount - f.refunded.amount),
    generatedAt: iso(now),
  };
}

/** A decimal number cannot be a formula: a negative net stays a number (csvCell would make "-5.00" text). */
const amountCell = (v: string): string => (/^-?\d+\.\d+$/.test(v) ? v : csvCell(v));

export const CLOSE_DAY_CSV_COLUMNS = ['store', 'date', 'timeZone', 'figure', 'count', 'amount'] as const;

/**
 * One row per figure, each repeating the store, day and zone, so the files of many days concatenate
 * into one sheet. Every cell goes through csvCell: the store's name is the owner's text.
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
  ];
  const lines = rows.map(([name, f]) =>
    [
      ...[r.store, r.date, r.timeZone, name, f.count === null ? null : String(f.count)].map(csvCell),
      amountCell(f.total),
    ].join(','),
  );
  return [CLOSE_DAY_CSV_COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}
