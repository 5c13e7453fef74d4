import type { PgMigration } from './index';

/** SQLite's step 011: passphrase guesses per client address, shared by every instance. */
export const signInGuessesMigration: PgMigration = {
  version: 2,
  name: '002-sign-in-guesses',
  async up(sql) {
    await sql.exec(`
      CREATE TABLE sign_in_guesses (
        client text PRIMARY KEY,
        guesses integer NOT NULL CHECK (guesses > 0),
        window_started_at timestamptz NOT NULL
      );
      CREATE INDEX sign_in_guesses_started ON sign_in_guesses (window_started_at);
    `);
  },
};
