import { get } from '../../api/client';
import { LedgerInfoSchema } from '../../../contract/console';

/** Where the ledger lives: a SQLite file (Settings → Backups backs it up) or PostgreSQL shared by instances (pg_dump does). */
export const ledgerApi = {
  get: () => get(LedgerInfoSchema, '/ledger'),
};
