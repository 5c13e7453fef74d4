import type { Database, Statement } from 'better-sqlite3';
import { newId } from '../util/ids';
import type { EventBus, StoredEvent } from './event-bus';

interface EventRow {
  seq: bigint;
  id: string;
  payment_id: string | null;
  type: StoredEvent['type'];
  data_json: string;
  created_at: bigint;
}

const fromRow = (r: EventRow): StoredEvent => ({
  id: r.id,
  seq: Number(r.seq),
  type: r.type,
  paymentId: r.payment_id,
  createdAt: Number(r.created_at),
  data: JSON.parse(r.data_json),
});

/** Append-only log of every payment event; the webhook outbox and timelines read from it. */
export class EventStore {
  private readonly insertStmt: Statement;
  private readonly byPaymentStmt: Statement<[string], EventRow>;
  private readonly byIdStmt: Statement<[string], EventRow>;

  constructor(db: Database, private readonly bus: EventBus) {
    this.insertStmt = db.prepare(`INSERT INTO payment_events (id, payment_id, type, data_json, created_at)
      VALUES (?, ?, ?, ?, ?)`);
    this.byPaymentStmt = db.prepare<[string], EventRow>('SELECT * FROM payment_events WHERE payment_id = ? ORDER BY seq').safeIntegers(true);
    this.byIdStmt = db.prepare<[string], EventRow>('SELECT * FROM payment_events WHERE id = ?').safeIntegers(true);
  }

  /** Must run inside the caller's transaction: the event commits or rolls back with the change it reports. */
  append(type: StoredEvent['type'], paymentId: string | null, data: unknown, createdAt: number): StoredEvent {
    const id = newId('evt');
    const result = this.insertStmt.run(id, paymentId, type, JSON.stringify(data), createdAt);
    const event: StoredEvent = { id, seq: Number(result.lastInsertRowid), type, paymentId, createdAt, data };
    this.bus.recorded(event);
    return event;
  }

  forPayment(paymentId: string): StoredEvent[] {
    return this.byPaymentStmt.all(paymentId).map(fromRow);
  }

  findById(id: string): StoredEvent | null {
    const row = this.byIdStmt.get(id);
    return row ? fromRow(row) : null;
  }
}
