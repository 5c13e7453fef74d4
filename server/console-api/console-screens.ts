import type { FastifyInstance } from 'fastify';
import type { BackupService } from '../backups/backup-service';
import type { SqliteLedgerFile } from '../storage/sqlite/sqlite-ledger-file';
import { backupRoutes } from './backup-routes';
import { backupSettingsRoutes } from './backup-settings-routes';
import { cashierRoutes } from './cashier-routes';
import { catalogueRoutes } from './catalogue-routes';
import { closeDayRoutes } from './close-day-routes';
import { ConsoleQueries } from './console-queries';
import { ledgerRoutes, type LedgerDescription } from './ledger-routes';
import { paymentConsoleRoutes } from './payment-console-routes';
import { refundConsoleRoutes } from './refund-console-routes';
import { settingsRoutes } from './settings-routes';
import { statsRoutes } from './stats-routes';
import { storeProfileRoutes } from './store-profile-routes';
import { widgetPreviewRoutes } from './widget-preview-routes';

/**
 * The console API behind the screens (dashboard, payments, the daily close, settings, the till's catalogue, backup, widget preview);
 * register under CONSOLE_API_PREFIX. Each route declares auth: 'console' (owner only) or 'staff' (cashiers too),
 * which installs the session guard.
 * Backup and restore exist only over a ledger file; /ledger tells the console which it has (on
 * PostgreSQL pg_dump stands for them).
 */
export async function consoleScreenRoutes(
  app: FastifyInstance, opts: { ledgerFile: SqliteLedgerFile | null; backups: BackupService | null; ledger: LedgerDescription },
): Promise<void> {
  const queries = new ConsoleQueries(app.services.payments, app.services.ledger);
  await app.register(statsRoutes, { queries });
  await app.register(paymentConsoleRoutes, { queries });
  await app.register(refundConsoleRoutes);
  await app.register(settingsRoutes);
  await app.register(cashierRoutes);
  await app.register(catalogueRoutes);
  await app.register(storeProfileRoutes);
  await app.register(closeDayRoutes);
  await app.register(ledgerRoutes, { ledger: opts.ledger, backups: opts.ledgerFile ? 'file' : 'external' });
  if (opts.ledgerFile) await app.register(backupRoutes, { ledgerFile: opts.ledgerFile });
  if (opts.ledgerFile && opts.backups) await app.register(backupSettingsRoutes, { ledgerFile: opts.ledgerFile, backups: opts.backups });
  await app.register(widgetPreviewRoutes);
}
