import type { Database, Statement } from 'better-sqlite3';

/**
 * Statements keyed by their text, for queries whose WHERE depends on the filters given: a handful
 * of shapes, each prepared once. Tables that hold money read INTEGERs as bigint, so it never passes
 * through a float.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly bigints: boolean,
  ) {}

  get<R>(sql: string): Statement<Record<string, string | number | null>, R> {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql).safeIntegers(this.bigints);
      this.statements.set(sql, stmt);
    }
    return stmt as Statement<Record<string, string | number | null>, R>;
  }
}
