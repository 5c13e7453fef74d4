import type { FastifyInstance } from 'fastify';
import { LedgerInfoSchema, type LedgerCapabilities, type LedgerInfo } from '../../contract/console';
import { addRoute } from '../http/route';

/** Where the ledger lives and this instance's part in it, asked when the console shows them. */
export interface LedgerDescription {
  engine: LedgerInfo['engine'];
  /** this instance's id on a shared ledger; null on SQLite */
  instance(): string | null;
  /** whether this instance runs the chain watcher now */
  watching(): boolean;
}

/**
 * The ledger as the console explains it: on SQLite Settings → Backups backs it up; on PostgreSQL
 * those routes do not exist (pg_dump backs it up), and the console says so instead of failing.
 * `backups` is whether those routes were registered (consoleRoutes decides both), so the
 * capability cannot promise a route that is not there.
 */
export async function ledgerRoutes(
  app: FastifyInstance,
  opts: { ledger: LedgerDescription; backups: LedgerCapabilities['backups'] },
): Promise<void> {
  const { ledger } = opts;
  // PostgreSQL is the engine several instances share; a SQLite file is locked by one process
  const capabilities: LedgerCapabilities = { backups: opts.backups, sharedLedger: ledger.engine === 'postgres' };
  addRoute(app, {
    method: 'GET',
    url: '/ledger',
    operationId: 'getLedgerInfo',
    tags: ['Console: backup'],
    auth: 'console',
    summary:
      "Where the ledger lives (SQLite, or PostgreSQL shared by instances), what the console can offer on it (backups, a shared ledger), this instance's id and whether it watches the chain",
    responses: { 200: { description: 'The ledger', schema: LedgerInfoSchema } },
    handler: (): LedgerInfo => ({
      engine: ledger.engine,
      instance: ledger.instance(),
      watching: ledger.watching(),
      capabilities,
    }),
  });
}
