import type { StoredEvent } from '../storage/records';
import type { UnitOfWork } from '../storage/storage-port';

export type EventListener = (event: StoredEvent) => void;
/** Writes what must commit with the event, in the unit of work that records it. */
export type TransactionalListener = (event: StoredEvent, uow: UnitOfWork) => Promise<void>;

/**
 * In-process, typed pub/sub. Two phases, because durability and latency pull in opposite ways:
 * `inTransaction` listeners run inside the unit of work that records the event (the webhook outbox
 * writes its rows there, so an event and its deliveries commit together); `committed` listeners
 * run after the commit (live status streams, waking the dispatcher).
 */
export class EventBus {
  private readonly transactional = new Set<TransactionalListener>();
  private readonly committed = new Set<EventListener>();

  inTransaction(listener: TransactionalListener): () => void {
    this.transactional.add(listener);
    return () => this.transactional.delete(listener);
  }

  onCommitted(listener: EventListener): () => void {
    this.committed.add(listener);
    return () => this.committed.delete(listener);
  }

  /** Called by the event log inside the recording unit of work; a throw rolls the unit of work back. */
  async recorded(event: StoredEvent, uow: UnitOfWork): Promise<void> {
    for (const listener of this.transactional) await listener(event, uow);
  }

  /** Called after commit; a failing listener must not stop the others or the caller. */
  publish(event: StoredEvent, onError: (err: unknown) => void): void {
    for (const listener of this.committed) {
      try {
        listener(event);
      } catch (err) {
        onError(err);
      }
    }
  }
}
