import type { Migration } from './index';

export const cashiersMigration: Migration = {
  version: 10,
  name: '010-cashiers',
  up(db) {
    db.exec(`
      -- People the owner lets use the till. A revoked cashier stays listed (the audit log names them);
      -- a live name is unique so the sign-in form's name picks one cashier.
      CREATE TABLE cashiers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        -- the passphrase as console-passphrase.ts stores one (scrypt, salt, parameters, as JSON); never returned
        passphrase_hash TEXT,
        created_at INTEGER NOT NULL,
        last_sign_in_at INTEGER,
        revoked_at INTEGER
      );
      CREATE UNIQUE INDEX cashiers_live_name ON cashiers (name COLLATE NOCASE) WHERE revoked_at IS NULL;

      -- Whose a login link or session is: NULL is the owner, so every session made before stays the owner's.
      ALTER TABLE console_sessions ADD COLUMN cashier_id TEXT REFERENCES cashiers (id);
      CREATE INDEX console_sessions_cashier ON console_sessions (cashier_id) WHERE cashier_id IS NOT NULL;

      -- Who did what: refunds, transfer decisions, settings, keys, webhooks, restores, cashiers. Append-only.
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT,
        detail_json TEXT
      );
    `);
  },
};
