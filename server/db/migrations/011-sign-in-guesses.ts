import type { Migration } from './index';

export const signInGuessesMigration: Migration = {
  version: 11,
  name: '011-sign-in-guesses',
  up(db) {
    db.exec(`
      -- Passphrase guesses per client address in the current lockout window. Each guess is counted
      -- here before its passphrase is compared, so a burst cannot outrun the limit, and the count
      -- outlives a restart. Windows that are over are deleted as new guesses arrive.
      CREATE TABLE sign_in_guesses (
        client TEXT PRIMARY KEY,
        guesses INTEGER NOT NULL CHECK (guesses > 0),
        window_started_at INTEGER NOT NULL
      );
      CREATE INDEX sign_in_guesses_started ON sign_in_guesses (window_started_at);
    `);
  },
};
