import type { FastifyInstance } from 'fastify';
import { backupRoutes } from './backup-routes';
import { ConsoleQueries } from './console-queries';
import { paymentConsoleRoutes } from './payment-console-routes';
import { settingsRoutes } from './settings-routes';
import { statsRoutes } from './stats-routes';
import { widgetPreviewRoutes } from './widget-preview-routes';

/**
 * The console API behind the screens (dashboard, payments, settings, backup, widget preview);
 * register under CONSOLE_API_PREFIX. Each route declares auth: 'console', which installs the session guard.
 * Reads share the service's connection: the service holds the ledger exclusively, and every
 * query here is a bounded page, so none holds the event loop for long.
 */
export async function consoleScreenRoutes(app: FastifyInstance): Promise<void> {
  const reader = app.services.db;
  const queries = new ConsoleQueries(reader);
  await app.register(statsRoutes, { queries });
  await app.register(paymentConsoleRoutes, { queries });
  await app.register(settingsRoutes);
  await app.register(backupRoutes, { reader });
  await app.register(widgetPreviewRoutes);
}
