import { download, get, request } from '../../api/client';
import { TimeZoneSettingSchema } from '../../../contract/console-settings';
import { CloseDayReportSchema } from '../../../contract/reports';
import type { Period } from './period';

/** One day asks for `date` alone, so its URLs stay as they were; a range adds `through`. */
const spanQuery = (p: Period) => (p.first === p.last ? { date: p.first } : { date: p.first, through: p.last });
const spanName = (p: Period) => (p.first === p.last ? p.first : `${p.first}-to-${p.last}`);

/** The daily close (one local day of the store; null asks for today) and the time zone that cuts its days. */
export const reportsApi = {
  closeDay: (period: Period | null) =>
    get(CloseDayReportSchema, '/reports/close-day', period ? spanQuery(period) : { date: null }),
  exportCsv: (period: Period) =>
    download('/reports/close-day.csv', spanQuery(period), `tontill-close-day-${spanName(period)}.csv`),
  exportJson: (period: Period) =>
    download('/reports/close-day', spanQuery(period), `tontill-close-day-${spanName(period)}.json`),
  /** The browser's print dialog for the report on screen; the print styles leave the navigation out. */
  print: () => window.print(),
  timeZone: () => get(TimeZoneSettingSchema, '/settings/time-zone'),
  saveTimeZone: (timeZone: string) => request(TimeZoneSettingSchema, 'PUT', '/settings/time-zone', { timeZone }),
};
