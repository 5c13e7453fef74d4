import type { StoredEvent } from '../events/event-bus';
import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import type { DeliveryRepository } from './delivery-repository';
import { subscribes, type EndpointRepository } from './endpoint-repository';
import type { RetryPolicy } from './retry-policy';

/** Where one event goes: a store-wide endpoint, or a payment's own callbackUrl. */
export interface Target {
  endpointId: string | null;
  url: string;
}

/** The payment's callbackUrl, read from the stored event's public payment record. */
export function callbackUrlOf(event: Pick<StoredEvent, 'paymentId' | 'data'>): string | null {
  if (!event.paymentId || !event.data || typeof event.data !== 'object') return null;
  const url = (event.data as { callbackUrl?: unknown }).callbackUrl;
  return typeof url === 'string' && url.length > 0 ? url : null;
}

/**
 * Turns events into outbox rows. `onEvent` runs inside the transaction that records the event
 * (EventBus.inTransaction), so an event and its deliveries commit, or vanish, together.
 */
export class Outbox {
  private enqueued = false;

  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
    private readonly policy: () => RetryPolicy,
  ) {}

  readonly onEvent = (event: StoredEvent): void => {
    // A test event goes only to the endpoint it tests; the service enqueues it itself.
    if (event.type === 'webhook.test') return;
    for (const target of this.subscribers(event)) this.enqueue(event, target);
  };

  /** Enabled endpoints subscribed to the event's type, then the payment's callbackUrl. */
  subscribers(event: Pick<StoredEvent, 'type' | 'paymentId' | 'data'>): Target[] {
    const targets: Target[] = this.endpoints.routes()
      .filter((e) => subscribes(e, event.type))
      .map((e) => ({ endpointId: e.id, url: e.url }));
    const callbackUrl = callbackUrlOf(event);
    if (callbackUrl) targets.push({ endpointId: null, url: callbackUrl });
    return targets;
  }

  /** Whether any delivery was queued since the last call (a rolled-back one only costs a spare wake-up). */
  takeEnqueued(): boolean {
    const enqueued = this.enqueued;
    this.enqueued = false;
    return enqueued;
  }

  /** Must run inside a transaction when it accompanies a state change; returns the delivery id. */
  enqueue(event: Pick<StoredEvent, 'id' | 'type' | 'paymentId'>, target: Target): string {
    const id = newId('whd');
    const now = this.clock.now();
    const subject = event.paymentId ?? `delivery:${id}`;
    const orderKey = target.endpointId ? `endpoint:${target.endpointId}|${subject}` : `url:${target.url}|${subject}`;
    this.deliveries.insert({
      id, eventId: event.id, eventType: event.type, paymentId: event.paymentId, endpointId: target.endpointId,
      url: target.url, orderKey, createdAt: now, giveUpAt: now + this.policy().giveUpAfterMs,
    });
    this.enqueued = true;
    return id;
  }
}
