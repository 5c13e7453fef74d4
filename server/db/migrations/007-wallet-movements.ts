import type { Migration } from './index';

export const walletMovementsMigration: Migration = {
  version: 7,
  name: '007-wallet-movements',
  up(db) {
    db.exec(`
      -- Every change of the watched jetton wallet's balance that is not an inbound transfer (those
      -- are in transfers): what the merchant sent, and what came back bounced. With transfers, the
      -- books the reconciliation checks against the wallet's balance on chain.
      CREATE TABLE wallet_movements (
        tx_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        lt INTEGER NOT NULL,
        utime INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('sent', 'returned')),
        amount INTEGER NOT NULL CHECK (amount >= 0),
        counterparty TEXT,
        initiator TEXT,
        comment TEXT,
        query_id TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX wallet_movements_lt ON wallet_movements (account, lt);

      -- Each change of the books' verdict (balanced, or off by some amount), so a discrepancy is
      -- announced once, survives a restart, and its history can be read back.
      CREATE TABLE reconciliations (
        seq INTEGER PRIMARY KEY,
        account TEXT NOT NULL,
        at_lt INTEGER NOT NULL,
        on_chain_balance INTEGER NOT NULL,
        ledger_balance INTEGER NOT NULL,
        difference INTEGER NOT NULL,
        checked_at INTEGER NOT NULL
      );
    `);
  },
};
