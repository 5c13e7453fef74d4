import type { Storage } from '../storage/storage-port';
import type { StoredEvent } from '../storage/records';

/** Reads the event log in order, for live streams that catch up after a reconnect. */
export class EventFeed {
  constructor(private readonly storage: Storage) {}

  /** events after `seq`, oldest first, at most `limit` */
  after(seq: number, limit: number): Promise<StoredEvent[]> {
    return this.storage.read((view) => view.events.after(seq, limit));
  }

  lastSeq(): Promise<number> {
    return this.storage.read((view) => view.events.lastSeq());
  }
}
