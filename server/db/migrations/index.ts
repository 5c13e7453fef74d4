import type { Database } from 'better-sqlite3';
import { paymentsMigration } from './001-payments';
import { accessMigration } from './002-access';
import { transfersMigration } from './003-transfers';
import { webhooksMigration } from './004-webhooks';
import { consoleIndexesMigration } from './005-console-indexes';
import { transferDecisionsMigration } from './006-transfer-decisions';
import { walletMovementsMigration } from './007-wallet-movements';
import { transfersByPositionMigration } from './008-transfers-by-position';
import { refundsMigration } from './009-refunds';
import { cashiersMigration } from './010-cashiers';
import { signInGuessesMigration } from './011-sign-in-guesses';
import { reconciliationsByAccountMigration } from './012-reconciliations-by-account';
import { testPaymentsMigration } from './013-test-payments';
import { paymentSearchMigration } from './014-payment-search';
import { tipsMigration } from './015-tips';
import { paymentSearchOffTheInsertMigration } from './016-payment-search-off-the-insert';
import { transferAssetsMigration } from './017-transfer-assets';
import { paymentPricingMigration } from './018-payment-pricing';
import { refundFiatMigration } from './019-refund-fiat';

export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

/** Append-only: never edit or reorder a released step, add a new one. */
export const migrations: readonly Migration[] = [
  paymentsMigration,
  accessMigration,
  transfersMigration,
  webhooksMigration,
  consoleIndexesMigration,
  transferDecisionsMigration,
  walletMovementsMigration,
  transfersByPositionMigration,
  refundsMigration,
  cashiersMigration,
  signInGuessesMigration,
  reconciliationsByAccountMigration,
  testPaymentsMigration,
  paymentSearchMigration,
  tipsMigration,
  paymentSearchOffTheInsertMigration,
  transferAssetsMigration,
  paymentPricingMigration,
  refundFiatMigration,
];
