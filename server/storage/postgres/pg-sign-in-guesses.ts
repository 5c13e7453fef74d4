import type { GuessWindowRecord, SignInGuessRepository } from '../access-repositories';
import { at, type PgSql } from './pg-sql';

export class PgSignInGuesses implements SignInGuessRepository {
  constructor(private readonly sql: PgSql) {}

  async find(client: string): Promise<GuessWindowRecord | null> {
    const row = await this.sql.one<{ guesses: number; window_started_at: number }>(
      'SELECT guesses, window_started_at FROM sign_in_guesses WHERE client = $1',
      [client],
    );
    return row ? { guesses: row.guesses, startedAt: row.window_started_at } : null;
  }

  async put(client: string, window: GuessWindowRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO sign_in_guesses (client, guesses, window_started_at) VALUES ($1, $2, $3)
      ON CONFLICT (client) DO UPDATE SET guesses = EXCLUDED.guesses, window_started_at = EXCLUDED.window_started_at`,
      [client, window.guesses, at(window.startedAt)],
    );
  }

  async delete(client: string): Promise<void> {
    await this.sql.run('DELETE FROM sign_in_guesses WHERE client = $1', [client]);
  }

  async deleteStartedBefore(cutoff: number): Promise<void> {
    await this.sql.run('DELETE FROM sign_in_guesses WHERE window_started_at <= $1', [at(cutoff)]);
  }
}
