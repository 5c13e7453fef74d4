import { download, get, request } from '../../api/client';
import { TimeZoneSettingSchema } from '../../../contract/console-settings';
import { CloseDayReportSchema } from '../../../contract/reports';

/** The daily close (one local day of the store; null asks for today) and the time zone that cuts its days. */
export const reportsApi = {
  closeDay: (date: string | null) => get(CloseDayReportSchema, '/reports/close-day', { date }),
  exportCsv: (date: string) => download('/reports/close-day.csv', { date }, `tontill-close-day-${date}.csv`),
  exportJson: (date: string) => download('/reports/close-day', { date }, `tontill-close-day-${date}.json`),
  /** The browser's print dialog for the report on screen; the print styles leave the navigation out. */
  print: () => window.print(),
  timeZone: () => get(TimeZoneSettingSchema, '/settings/time-zone'),
  saveTimeZone: (timeZone: string) => request(TimeZoneSettingSchema, 'PUT', '/settings/time-zone', { timeZone }),
};
