import type { PaymentEventType } from '../../contract/payments';
import type { Storage } from '../storage/storage-port';
import type { StoredEvent } from '../storage/records';
import type { EventLog } from './event-log';

/** Events about the store, not one payment: the watcher losing and regaining its provider. */
export type StoreEventType = Extract<PaymentEventType, 'watcher.degraded' | 'watcher.recovered'>;

/**
 * Records a store event in a unit of work of its own: it reaches webhooks and the console's live
 * stream like any event, through the same outbox.
 */
export class StoreEvents {
  constructor(
    private readonly storage: Storage,
    private readonly events: EventLog,
  ) {}

  record(type: StoreEventType, data: Record<string, unknown>): Promise<StoredEvent> {
    return this.storage.write((uow) => this.events.record(uow, type, null, data));
  }
}
