import type { PgSql } from '../pg-sql';
import { ledgerMigration } from './001-ledger';
import { signInGuessesMigration } from './002-sign-in-guesses';
import { testPaymentsMigration } from './003-test-payments';
import { paymentSearchMigration } from './004-payment-search';
import { tipsMigration } from './005-tips';
import { transferAssetsMigration } from './006-transfer-assets';
import { paymentPricingMigration } from './007-payment-pricing';
import { refundFiatMigration } from './008-refund-fiat';

export interface PgMigration {
  version: number;
  name: string;
  up(sql: PgSql): Promise<void>;
}

/**
 * PostgreSQL's own ladder (its first step is the ledger as SQLite's ten steps left it). Append-only:
 * never edit or reorder a released step, add a new one.
 */
export const pgMigrations: readonly PgMigration[] = [
  ledgerMigration,
  signInGuessesMigration,
  testPaymentsMigration,
  paymentSearchMigration,
  tipsMigration,
  transferAssetsMigration,
  paymentPricingMigration,
  refundFiatMigration,
];
