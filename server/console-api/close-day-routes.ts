import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { canonicalTimeZone, TimeZoneBodySchema, TimeZoneSettingSchema } from '../../contract/console-settings';
import { CloseDayQuerySchema, CloseDayReportSchema } from '../../contract/reports';
import { machineTimeZone, storeTimeZone, TIME_ZONE_KEY } from '../settings/time-zone';
import { closeDayCsv, closeDayReport } from './close-day-report';
import { tipSettingsRoutes } from './tip-settings-routes';

const fileName = (r: { date: string; through: string }, ext: 'csv' | 'json') =>
  `tontill-close-day-${r.date}${r.through === r.date ? '' : `-to-${r.through}`}.${ext}`;

/** The daily close (on screen, CSV, JSON), the store's time zone that cuts its days, and the tips it counts. */
export async function closeDayRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;
  await tipSettingsRoutes(app);
  const zoneView = async () => ({ timeZone: await storeTimeZone(settings), machineTimeZone: machineTimeZone() });

  addRoute(app, {
    method: 'GET',
    url: '/reports/close-day',
    operationId: 'getCloseDayReport',
    tags: ['Console: reports'],
    auth: 'console',
    summary:
      "The daily close: one day in the store's time zone (default today), or a range of days, counts and totals by outcome, and the net takings",
    query: CloseDayQuerySchema,
    responses: {
      200: { description: 'The report; saved as a file it is the JSON export', schema: CloseDayReportSchema },
    },
    handler: async ({ query }, _request, reply) => {
      const report = await closeDayReport(app.services, query);
      // inline: the console reads it, and names the JSON export after the day it covers
      reply.header('Content-Disposition', `inline; filename="${fileName(report, 'json')}"`);
      return report;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/reports/close-day.csv',
    operationId: 'exportCloseDayCsv',
    tags: ['Console: reports'],
    auth: 'console',
    summary: 'The daily close as CSV: one row per figure (store, date, timeZone, figure, count, amount)',
    query: CloseDayQuerySchema,
    responses: { 200: { description: 'text/csv' } },
    handler: async ({ query }, _request, reply) => {
      const report = await closeDayReport(app.services, query);
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName(report, 'csv')}"`);
      return reply.send(closeDayCsv(report));
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/settings/time-zone',
    operationId: 'getTimeZone',
    tags: ['Console: settings'],
    // a cashier's console shows every time in the store's zone too
    auth: 'staff',
    summary: "The store's time zone (where the daily close's days begin and end) and the machine's",
    responses: { 200: { description: 'The time zone', schema: TimeZoneSettingSchema } },
    handler: zoneView,
  });

  addRoute(app, {
    method: 'PUT',
    url: '/settings/time-zone',
    operationId: 'updateTimeZone',
    tags: ['Console: settings'],
    auth: 'console',
    summary: "Set the store's time zone (an IANA name such as Europe/Berlin); applies at once",
    body: TimeZoneBodySchema,
    responses: { 200: { description: 'The time zone after saving', schema: TimeZoneSettingSchema } },
    handler: async ({ body }) => {
      await settings.set(TIME_ZONE_KEY, canonicalTimeZone(body.timeZone));
      return zoneView();
    },
  });
}
