import type { Database, Statement } from 'better-sqlite3';
import { PAYMENT_SEARCH_TEXT } from '../../db/migrations/014-payment-search';

/**
 * Rows indexed per transaction. FTS5 writes a segment per commit, so one row per commit cost about
 * 150 µs and a few hundred together about 40 µs each; 500 rows hold the event loop some 20 ms.
 */
export const SEARCH_INDEX_CHUNK = 500;

/**
 * The search box's trigram index, kept off the invoice's own transaction: it follows the payments
 * table in chunks, after the fact (migration 016). It is derived data: a chunk lost in a crash is
 * written again from the payments, since the progress row commits with the rows it counts.
 */
export class PaymentSearchIndex {
  private readonly progress: Statement<[], { through: number }>;
  private readonly latest: Statement<[], { seq: number | null }>;
  private readonly indexChunk: Statement<{ after: number; through: number }>;
  private readonly advance: Statement<{ through: number }>;
  private readonly chunk: (limit: number) => number;

  constructor(db: Database) {
    this.progress = db.prepare('SELECT indexed_through AS through FROM payment_search_progress WHERE id = 1');
    this.latest = db.prepare('SELECT max(seq) AS seq FROM payments');
    this.indexChunk = db.prepare(`INSERT INTO payment_search (rowid, body)
      SELECT seq, ${PAYMENT_SEARCH_TEXT('payments')} FROM payments WHERE seq > @after AND seq <= @through`);
    this.advance = db.prepare('UPDATE payment_search_progress SET indexed_through = @through WHERE id = 1');
    this.chunk = db.transaction((limit: number): number => {
      const after = this.progress.get()!.through;
      const through = Math.min(this.latest.get()!.seq ?? 0, after + limit);
      if (through <= after) return 0;
      // a range of seq (the rowid), so a gap in it can never index a payment twice
      this.indexChunk.run({ after, through });
      this.advance.run({ through });
      return through - after;
    });
  }

  /** set by every insert, so the storage knows a batch left work here without asking the database */
  private unindexed = true;

  noteInsert(): void {
    this.unindexed = true;
  }

  /** Whether a payment was made since the index last caught up. */
  get mayBeBehind(): boolean {
    return this.unindexed;
  }

  /** Indexes up to `limit` more payments in one transaction; how many it indexed (0: up to date). */
  indexNext(limit = SEARCH_INDEX_CHUNK): number {
    const indexed = this.chunk(limit);
    if (indexed < limit) this.unindexed = false;
    return indexed;
  }

  /** Before a query through the index: every payment committed so far is in it. */
  catchUp(): void {
    while (this.indexNext() > 0);
  }
}
