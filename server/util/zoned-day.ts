/**
 * Calendar days in an IANA time zone, computed with Intl alone (no time zone database of our own).
 * A day is [start, end) in epoch ms: 24 hours on most days, 23 or 25 on a daylight-saving day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock at `ms` in `timeZone`, read as if it were UTC: its difference from `ms` is the zone's offset. */
function wallClock(ms: number, timeZone: string): { wall: number; date: string } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  const [y, mo, d, h, mi, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(
    Number,
  ) as number[];
  return { wall: Date.UTC(y!, mo! - 1, d!, h!, mi!, s!), date: `${parts.year}-${parts.month}-${parts.day}` };
}

const offsetAt = (ms: number, timeZone: string): number => {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(whole, timeZone).wall - whole;
};

/** The local date (YYYY-MM-DD) in `timeZone` at `ms`. */
export function localDate(ms: number, timeZone: string): string {
  return wallClock(ms, timeZone).date;
}

/** The date after `date` (YYYY-MM-DD), by the calendar alone. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const HOUR_MS = 3_600_000;

/**
 * The first instant of `date` in `timeZone`. Local midnight is the UTC midnight of that date less the
 * offset in force then, and the offset may change that very day; so try the offsets in force a day
 * either side and keep the earliest instant that already falls on `date`. Where a jump forward skips
 * midnight itself, that is the moment of the jump (local 01:00).
 */
export function startOfDay(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const offsets = new Set([-24, 0, 24].map((h) => offsetAt(midnightUtc + h * HOUR_MS, timeZone)));
  const starts = [...offsets].map((o) => midnightUtc - o).filter((t) => localDate(t, timeZone) === date);
  // A zone that skipped the whole date (Pacific/Apia, 2011-12-30) gives it no length: it starts where the next one does.
  return starts.length > 0 ? Math.min(...starts) : startOfDay(nextDate(date), timeZone);
}

/** The local day `date` in `timeZone` as [start, end) epoch ms. */
export function dayBounds(date: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDay(date, timeZone), end: startOfDay(nextDate(date), timeZone) };
}
