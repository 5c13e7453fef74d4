import type { Database, Statement } from 'better-sqlite3';
import type { GuessWindowRecord, SignInGuessRepository } from '../access-repositories';

export class SqliteSignInGuesses implements SignInGuessRepository {
  private readonly findStmt: Statement<[string], { guesses: number; window_started_at: number }>;
  private readonly putStmt: Statement<[string, number, number]>;
  private readonly deleteStmt: Statement<[string]>;
  private readonly pruneStmt: Statement<[number]>;

  constructor(db: Database) {
    this.findStmt = db.prepare('SELECT guesses, window_started_at FROM sign_in_guesses WHERE client = ?');
    this.putStmt = db.prepare(`INSERT INTO sign_in_guesses (client, guesses, window_started_at) VALUES (?, ?, ?)
      ON CONFLICT (client) DO UPDATE SET guesses = excluded.guesses, window_started_at = excluded.window_started_at`);
    this.deleteStmt = db.prepare('DELETE FROM sign_in_guesses WHERE client = ?');
    this.pruneStmt = db.prepare('DELETE FROM sign_in_guesses WHERE window_started_at <= ?');
  }

  async find(client: string): Promise<GuessWindowRecord | null> {
    const row = this.findStmt.get(client);
    return row ? { guesses: row.guesses, startedAt: row.window_started_at } : null;
  }

  async put(client: string, window: GuessWindowRecord): Promise<void> {
    this.putStmt.run(client, window.guesses, window.startedAt);
  }

  async delete(client: string): Promise<void> {
    this.deleteStmt.run(client);
  }

  async deleteStartedBefore(cutoff: number): Promise<void> {
    this.pruneStmt.run(cutoff);
  }
}
