import type { StoredEvent } from '../storage/records';
import type { ReadView, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import type { RetryPolicy } from './retry-policy';
import { subscribes } from './webhook-types';

/** Where one event goes: a store-wide endpoint, or a payment's own callbackUrl. */
export interface Target {
  endpointId: string | null;
  url: string;
}

/** The payment's callbackUrl, read from the stored event's public payment record (a refund event carries it as `payment`). */
export function callbackUrlOf(event: Pick<StoredEvent, 'paymentId' | 'data'>): string | null {
  if (!event.paymentId || !event.data || typeof event.data !== 'object') return null;
  const data = event.data as { callbackUrl?: unknown; payment?: { callbackUrl?: unknown } };
  const url = 'payment' in data ? data.payment?.callbackUrl : data.callbackUrl;
  return typeof url === 'string' && url.length > 0 ? url : null;
}

/** What a payment's callbackUrl hears: the payment's own changes and its refunds, never the merchant's inbox decisions. */
const reachesCallbackUrl = (type: string): boolean => type.startsWith('payment.') || type.startsWith('refund.');

/**
 * Turns events into outbox rows. `onEvent` runs inside the unit of work that records the event
 * (EventBus.inTransaction), so an event and its deliveries commit, or vanish, together.
 */
export class Outbox {
  private enqueued = false;

  constructor(
    private readonly clock: Clock,
    private readonly policy: () => RetryPolicy,
  ) {}

  readonly onEvent = async (event: StoredEvent, uow: UnitOfWork): Promise<void> => {
    // A test event goes only to the endpoint it tests; the service enqueues it itself.
    if (event.type === 'webhook.test') return;
    for (const target of await this.subscribers(uow, event)) await this.enqueue(uow, event, target);
  };

  /** Enabled endpoints subscribed to the event's type, then (for a payment.* or refund.* event) the payment's callbackUrl. */
  async subscribers(view: ReadView, event: Pick<StoredEvent, 'type' | 'paymentId' | 'data'>): Promise<Target[]> {
    const targets: Target[] = (await view.endpoints.routes())
      .filter((e) => subscribes(e, event.type))
      .map((e) => ({ endpointId: e.id, url: e.url }));
    const callbackUrl = reachesCallbackUrl(event.type) ? callbackUrlOf(event) : null;
    if (callbackUrl) targets.push({ endpointId: null, url: callbackUrl });
    return targets;
  }

  /** Whether any delivery was queued since the last call (a rolled-back one only costs a spare wake-up). */
  takeEnqueued(): boolean {
    const enqueued = this.enqueued;
    this.enqueued = false;
    return enqueued;
  }

  /** Queues one delivery in the unit of work that records or redelivers the event; returns its id. */
  async enqueue(
    uow: UnitOfWork,
    event: Pick<StoredEvent, 'id' | 'type' | 'paymentId'>,
    target: Target,
  ): Promise<string> {
    const id = newId('whd');
    const now = this.clock.now();
    const subject = event.paymentId ?? `delivery:${id}`;
    const orderKey = target.endpointId ? `endpoint:${target.endpointId}|${subject}` : `url:${target.url}|${subject}`;
    await uow.deliveries.insert({
      id,
      eventId: event.id,
      eventType: event.type,
      paymentId: event.paymentId,
      endpointId: target.endpointId,
      url: target.url,
      orderKey,
      createdAt: now,
      giveUpAt: now + this.policy().giveUpAfterMs,
    });
    this.enqueued = true;
    return id;
  }
}
