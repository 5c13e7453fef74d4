import { describe, expect, it } from 'vitest';
import { dayBounds, localDate } from '../../server/util/zoned-day';

const iso = (ms: number) => new Date(ms).toISOString();
const day = (date: string, zone: string) => {
  const { start, end } = dayBounds(date, zone);
  return { from: iso(start), to: iso(end), hours: (end - start) / 3_600_000 };
};

describe('local days in an IANA time zone', () => {
  it('cuts an ordinary day at local midnight', () => {
    expect(day('2026-06-01', 'UTC')).toEqual({
      from: '2026-06-01T00:00:00.000Z',
      to: '2026-06-02T00:00:00.000Z',
      hours: 24,
    });
    expect(day('2026-06-01', 'Asia/Kolkata')).toEqual({
      from: '2026-05-31T18:30:00.000Z',
      to: '2026-06-01T18:30:00.000Z',
      hours: 24,
    });
    expect(day('2026-06-01', 'Pacific/Pago_Pago')).toEqual({
      from: '2026-06-01T11:00:00.000Z',
      to: '2026-06-02T11:00:00.000Z',
      hours: 24,
    });
  });

  it('gives a daylight-saving day its 23 or 25 hours', () => {
    expect(day('2026-03-29', 'Europe/Berlin')).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
      hours: 23,
    });
    expect(day('2026-10-25', 'Europe/Berlin')).toEqual({
      from: '2026-10-24T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      hours: 25,
    });
    expect(day('2026-03-08', 'America/New_York').hours).toBe(23);
    expect(day('2026-11-01', 'America/New_York').hours).toBe(25);
    expect(day('2025-10-05', 'Australia/Lord_Howe').hours).toBe(23.5);
  });

  it('starts a day whose midnight was skipped when the clocks jump, and gives a skipped date no length', () => {
    // Chile moved 00:00 to 01:00 on 2022-09-11
    expect(day('2022-09-11', 'America/Santiago')).toEqual({
      from: '2022-09-11T04:00:00.000Z',
      to: '2022-09-12T03:00:00.000Z',
      hours: 23,
    });
    // Samoa skipped 2011-12-30 altogether
    expect(day('2011-12-30', 'Pacific/Apia').hours).toBe(0);
    expect(day('2011-12-31', 'Pacific/Apia').hours).toBe(24);
  });

  it('reads the local date of an instant', () => {
    expect(localDate(Date.parse('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate(Date.parse('2026-03-28T23:30:00Z'), 'America/New_York')).toBe('2026-03-28');
  });
});
