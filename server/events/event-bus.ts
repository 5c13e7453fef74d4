import type { PaymentEventType } from '../../contract/payments';

/** An event as stored and as delivered to webhooks: `data` is the public payment record. */
export interface StoredEvent {
  id: string;
  seq: number;
  type: PaymentEventType | 'webhook.test';
  paymentId: string | null;
  createdAt: number;
  data: unknown;
}

export type EventListener = (event: StoredEvent) => void;

/**
 * In-process, typed pub/sub. Two phases, because durability and latency pull in opposite ways:
 * `inTransaction` listeners run inside the SQLite transaction that records the event (the webhook
 * outbox writes its rows there, so an event and its deliveries commit together); `committed`
 * listeners run after the commit (live status streams, waking the dispatcher).
 */
export class EventBus {
  private readonly transactional = new Set<EventListener>();
  private readonly committed = new Set<EventListener>();

  inTransaction(listener: EventListener): () => void {
    this.transactional.add(listener);
    return () => this.transactional.delete(listener);
  }

  onCommitted(listener: EventListener): () => void {
    this.committed.add(listener);
    return () => this.committed.delete(listener);
  }

  /** Called by the event store inside the recording transaction; a throw rolls the transaction back. */
  recorded(event: StoredEvent): void {
    for (const listener of this.transactional) listener(event);
  }

  /** Called after commit; a failing listener must not stop the others or the caller. */
  publish(events: readonly StoredEvent[], onError: (err: unknown) => void): void {
    for (const event of events) {
      for (const listener of this.committed) {
        try {
          listener(event);
        } catch (err) {
          onError(err);
        }
      }
    }
  }
}
