import type { FastifyInstance } from 'fastify';
import { backupRoutes } from './backup-routes';
import { ConsoleQueries } from './console-queries';
import { openConsoleReader } from './console-reader';
import { paymentConsoleRoutes } from './payment-console-routes';
import { settingsRoutes } from './settings-routes';
import { statsRoutes } from './stats-routes';
import { widgetPreviewRoutes } from './widget-preview-routes';

/**
 * The console API behind the screens (dashboard, payments, settings, backup, widget preview);
 * register under CONSOLE_API_PREFIX. Each child plugin guards itself with requireConsoleSession.
 * Reads go through one read-only connection of their own.
 */
export async function consoleScreenRoutes(app: FastifyInstance): Promise<void> {
  const reader = openConsoleReader(app.services.config.dataDir);
  const queries = new ConsoleQueries(reader);
  app.addHook('onClose', async () => {
    if (reader.open) reader.close();
  });
  await app.register(statsRoutes, { queries });
  await app.register(paymentConsoleRoutes, { queries });
  await app.register(settingsRoutes);
  await app.register(backupRoutes, { reader });
  await app.register(widgetPreviewRoutes);
}
