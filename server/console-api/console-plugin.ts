import type { FastifyInstance } from 'fastify';
import type { BackupService } from '../backups/backup-service';
import type { SqliteLedgerFile } from '../storage/sqlite/sqlite-ledger-file';
import { tillWalletRoutes } from '../till-wallet/till-wallet-routes';
import { backupRoutes } from './backup-routes';
import { backupSettingsRoutes } from './backup-settings-routes';
import { booksRoutes } from './books-routes';
import { cashierRoutes } from './cashier-routes';
import { catalogueRoutes } from './catalogue-routes';
import { chainConsoleRoutes } from './chain-console-routes';
import { closeDayRoutes } from './close-day-routes';
import { ConsoleQueries } from './console-queries';
import { consoleApiRoutes, CONSOLE_API_PREFIX } from './console-routes';
import { consoleStatic } from './console-static';
import { ledgerRoutes, type LedgerDescription } from './ledger-routes';
import { consoleLiveRoutes } from './live-routes';
import { consoleLoginRoutes, signInApiRoutes } from './login-routes';
import { paymentConsoleRoutes } from './payment-console-routes';
import { pricingSettingsRoutes } from './pricing-settings-routes';
import { refundConsoleRoutes } from './refund-console-routes';
import { settingsRoutes } from './settings-routes';
import { statsRoutes } from './stats-routes';
import { storeProfileRoutes } from './store-profile-routes';
import { walletProofRoutes } from './wallet-proof-routes';
import { webhookConsoleRoutes } from './webhook-console-routes';
import { widgetPreviewDocumentRoutes, widgetPreviewRoutes } from './widget-preview-routes';

export interface ConsoleOptions {
  ledgerFile: SqliteLedgerFile | null;
  backups: BackupService | null;
  ledger: LedgerDescription;
}

/**
 * The console API behind the screens, under CONSOLE_API_PREFIX. Each route declares auth: 'console'
 * (owner only) or 'staff' (cashiers too), which installs the session guard. Backup and restore exist
 * only over a ledger file; /ledger tells the console which it has (on PostgreSQL pg_dump stands for them).
 */
async function consoleApi(app: FastifyInstance, opts: ConsoleOptions): Promise<void> {
  const queries = new ConsoleQueries(app.services.payments, app.services.ledger);
  await app.register(consoleApiRoutes);
  await app.register(signInApiRoutes);
  await app.register(webhookConsoleRoutes);
  await app.register(chainConsoleRoutes);
  await app.register(booksRoutes);
  await app.register(consoleLiveRoutes, { backups: opts.backups });
  await app.register(statsRoutes, { queries });
  await app.register(paymentConsoleRoutes, { queries });
  await app.register(refundConsoleRoutes);
  await app.register(settingsRoutes);
  await app.register(pricingSettingsRoutes);
  await app.register(cashierRoutes);
  await app.register(catalogueRoutes);
  await app.register(tillWalletRoutes);
  await app.register(storeProfileRoutes);
  await app.register(walletProofRoutes);
  await app.register(closeDayRoutes);
  await app.register(ledgerRoutes, { ledger: opts.ledger, backups: opts.ledgerFile ? 'file' : 'external' });
  if (opts.ledgerFile) await app.register(backupRoutes, { ledgerFile: opts.ledgerFile });
  if (opts.ledgerFile && opts.backups)
    await app.register(backupSettingsRoutes, { ledgerFile: opts.ledgerFile, backups: opts.backups });
  await app.register(widgetPreviewRoutes);
}

/**
 * Every route of the merchant console, registered from this one place: the sign-in doors, the API
 * behind the screens, the widget preview's document and the console's own files.
 */
export async function consoleRoutes(app: FastifyInstance, opts: ConsoleOptions): Promise<void> {
  await app.register(consoleLoginRoutes);
  await app.register(consoleApi, { ...opts, prefix: CONSOLE_API_PREFIX });
  await app.register(widgetPreviewDocumentRoutes);
  await app.register(consoleStatic);
}
