import type { Database, Statement } from 'better-sqlite3';
import type { StoredEvent } from '../records';
import type { EventRepository, NewEvent } from '../ledger-repositories';
import { eventFromRow, type EventRow } from '../stored-rows';

/** The append-only log of every payment event; the webhook outbox and timelines read from it. */
export class SqliteEvents implements EventRepository {
  private readonly insertStmt: Statement;
  private readonly byPaymentStmt: Statement<[string], EventRow>;
  private readonly byIdStmt: Statement<[string], EventRow>;
  private readonly afterStmt: Statement<[number, number], EventRow>;
  private readonly lastSeqStmt: Statement<[], { seq: bigint | null }>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(`INSERT INTO payment_events (id, payment_id, type, data_json, created_at)
      VALUES (?, ?, ?, ?, ?)`);
    this.byPaymentStmt = db
      .prepare<[string], EventRow>('SELECT * FROM payment_events WHERE payment_id = ? ORDER BY seq')
      .safeIntegers(true);
    this.byIdStmt = db.prepare<[string], EventRow>('SELECT * FROM payment_events WHERE id = ?').safeIntegers(true);
    this.afterStmt = db
      .prepare<[number, number], EventRow>('SELECT * FROM payment_events WHERE seq > ? ORDER BY seq LIMIT ?')
      .safeIntegers(true);
    this.lastSeqStmt = db
      .prepare<[], { seq: bigint | null }>('SELECT MAX(seq) AS seq FROM payment_events')
      .safeIntegers(true);
  }

  async append(e: NewEvent, dataJson = JSON.stringify(e.data)): Promise<StoredEvent> {
    const result = this.insertStmt.run(e.id, e.paymentId, e.type, dataJson, e.createdAt);
    return { ...e, seq: Number(result.lastInsertRowid) };
  }

  async forPayment(paymentId: string): Promise<StoredEvent[]> {
    return this.byPaymentStmt.all(paymentId).map(eventFromRow);
  }

  async findById(id: string): Promise<StoredEvent | null> {
    const row = this.byIdStmt.get(id);
    return row ? eventFromRow(row) : null;
  }

  async after(seq: number, limit: number): Promise<StoredEvent[]> {
    return this.afterStmt.all(seq, limit).map(eventFromRow);
  }

  async lastSeq(): Promise<number> {
    return Number(this.lastSeqStmt.get()?.seq ?? 0);
  }
}
