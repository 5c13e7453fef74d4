import type { StoredEvent } from '../records';
import type { EventRepository, NewEvent } from '../ledger-repositories';
import { eventFromRow, type EventRow } from '../stored-rows';
import { at, num, type PgSql } from './pg-sql';

const EVENT_COLUMNS = 'seq, id, payment_id, type, data_json, created_at';

/**
 * Taken by every append, on every instance, and held until commit: seqs are handed out in commit
 * order. Then tells the instances LISTENing on tontill_events that this one committed events.
 */
const APPEND_LOCK_AND_NOTIFY = "SELECT pg_advisory_xact_lock(7311002), pg_notify('tontill_events', $1)";

/** The append-only log of every payment event; the webhook outbox, timelines and live streams read from it. */
export class PgEvents implements EventRepository {
  constructor(private readonly sql: PgSql) {}

  async append(e: NewEvent, dataJson = JSON.stringify(e.data)): Promise<StoredEvent> {
    // An identity value is taken at INSERT, not at commit: two appenders could commit out of seq order,
    // and a stream that already read past the later seq would never see the earlier one. The lock
    // (held to commit) serialises appenders, so seqs become visible in order. NOTIFY is delivered only
    // on commit, and identical ones in a transaction are folded into one.
    // once per transaction: the lock is held to commit anyway, and one notification covers every event
    if (!this.sql.doneInTransaction.has(APPEND_LOCK_AND_NOTIFY)) {
      await this.sql.run(APPEND_LOCK_AND_NOTIFY, [this.sql.instanceId]);
      this.sql.doneInTransaction.add(APPEND_LOCK_AND_NOTIFY);
    }
    const row = await this.sql.one<{ seq: bigint }>(
      `INSERT INTO payment_events (id, payment_id, type, data_json, created_at)
      VALUES ($1, $2, $3, $4, $5) RETURNING seq`,
      [e.id, e.paymentId, e.type, dataJson, at(e.createdAt)],
    );
    return { ...e, seq: num(row!.seq) };
  }

  async forPayment(paymentId: string): Promise<StoredEvent[]> {
    const rows = await this.sql.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM payment_events WHERE payment_id = $1 ORDER BY seq`,
      [paymentId],
    );
    return rows.map(eventFromRow);
  }

  async findById(id: string): Promise<StoredEvent | null> {
    const row = await this.sql.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM payment_events WHERE id = $1`, [id]);
    return row ? eventFromRow(row) : null;
  }

  async after(seq: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.sql.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM payment_events WHERE seq > $1 ORDER BY seq LIMIT $2`,
      [seq, limit],
    );
    return rows.map(eventFromRow);
  }

  async lastSeq(): Promise<number> {
    const row = await this.sql.one<{ seq: bigint | null }>('SELECT max(seq) AS seq FROM payment_events');
    return num(row?.seq ?? 0n);
  }
}
