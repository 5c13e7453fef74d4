/**
 * The close's span in the route: `close-day/<date>` for one day, `close-day/<first>..<last>` for a
 * range (a week, a month, any dates). Dates, not instants: the store's time zone cuts them on the server.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export interface Period {
  first: string;
  /** the last day, inclusive; `first` for one day */
  last: string;
}

export const isDate = (s: string): boolean => DATE.test(s);

/** The calendar day `days` away from `date` (YYYY-MM-DD). */
export const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The route parameter read as a span, or null (today) when absent or not dates. */
export function parsePeriod(param: string | null): Period | null {
  if (!param) return null;
  const [first = '', last = first] = param.split('..');
  if (!isDate(first) || !isDate(last) || last < first) return null;
  return { first, last };
}

export const periodRoute = (p: Period): string =>
  p.first === p.last ? `close-day/${p.first}` : `close-day/${p.first}..${p.last}`;

/** Monday to Sunday around `date`: weeks start on Monday, as the dashboard's do. */
export function weekOf(date: string): Period {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const first = shiftDate(date, -weekday);
  return { first, last: shiftDate(first, 6) };
}

/** The calendar month holding `date`. */
export function monthOf(date: string): Period {
  const first = `${date.slice(0, 8)}01`;
  const next = new Date(Date.parse(`${first}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { first, last: shiftDate(next.toISOString().slice(0, 10), -1) };
}

export type PeriodKind = 'day' | 'week' | 'month' | 'dates';

/** What a span is, to show the right picker: a whole week or month reads as one. */
export function kindOf(p: Period): PeriodKind {
  if (p.first === p.last) return 'day';
  const week = weekOf(p.first);
  if (week.first === p.first && week.last === p.last) return 'week';
  const month = monthOf(p.first);
  if (month.first === p.first && month.last === p.last) return 'month';
  return 'dates';
}

/** The span of the same kind before (-1) or after (+1). */
export function stepPeriod(p: Period, kind: PeriodKind, direction: -1 | 1): Period {
  if (kind === 'month') return monthOf(direction < 0 ? shiftDate(p.first, -1) : shiftDate(p.last, 1));
  const length = Math.round((Date.parse(p.last) - Date.parse(p.first)) / DAY_MS) + 1;
  return { first: shiftDate(p.first, direction * length), last: shiftDate(p.last, direction * length) };
}
