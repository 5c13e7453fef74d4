import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import type { UnitOfWork } from '../storage/storage-port';
import type { EventBus } from './event-bus';
import type { StoredEvent } from '../storage/records';

/**
 * Records events in the unit of work that makes the change they report, so both commit or neither
 * does, and announces them on the bus only once that commit is durable. An event of a job that
 * rolls back is never announced.
 */
export class EventLog {
  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly onListenerError: (err: unknown) => void,
  ) {}

  /** `dataJson`: `data` already serialised by a caller that answers with the same text, so it is serialised once. */
  async record(
    uow: UnitOfWork,
    type: StoredEvent['type'],
    paymentId: string | null,
    data: unknown,
    dataJson?: string,
  ): Promise<StoredEvent> {
    const event = await uow.events.append(
      { id: newId('evt'), type, paymentId, data, createdAt: this.clock.now() },
      dataJson,
    );
    await this.bus.recorded(event, uow);
    uow.afterCommit(() => this.bus.publish(event, this.onListenerError));
    return event;
  }
}
