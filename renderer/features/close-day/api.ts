import { download, get, request } from '../../api/client';
import { TimeZoneSettingSchema } from '../../../contract/console-settings';
import { CloseDayReportSchema } from '../../../contract/reports';
import type { Period } from './period';

/**
 * One day asks for `date` alone, so its URLs stay as they were; a range adds `through`, and counting
 * test payments (the widget preview's, the demo shop's) adds `includeTest`.
 */
const spanQuery = (p: Period, includeTest: boolean) => ({
  date: p.first,
  ...(p.first === p.last ? {} : { through: p.last }),
  ...(includeTest ? { includeTest: 'true' } : {}),
});
const spanName = (p: Period) => (p.first === p.last ? p.first : `${p.first}-to-${p.last}`);

/** The daily close (one local day of the store; null asks for today) and the time zone that cuts its days. */
export const reportsApi = {
  closeDay: (period: Period | null, includeTest: boolean) =>
    get(
      CloseDayReportSchema,
      '/reports/close-day',
      period ? spanQuery(period, includeTest) : { includeTest: includeTest ? 'true' : null },
    ),
  exportCsv: (period: Period, includeTest: boolean) =>
    download('/reports/close-day.csv', spanQuery(period, includeTest), `tontill-close-day-${spanName(period)}.csv`),
  exportJson: (period: Period, includeTest: boolean) =>
    download('/reports/close-day', spanQuery(period, includeTest), `tontill-close-day-${spanName(period)}.json`),
  /** The browser's print dialog for the report on screen; the print styles leave the navigation out. */
  print: () => window.print(),
  timeZone: () => get(TimeZoneSettingSchema, '/settings/time-zone'),
  saveTimeZone: (timeZone: string) => request(TimeZoneSettingSchema, 'PUT', '/settings/time-zone', { timeZone }),
};
