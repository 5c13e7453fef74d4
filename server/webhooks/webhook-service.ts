import type { Database } from 'better-sqlite3';
import type { EventBus, StoredEvent } from '../events/event-bus';
import type { EventStore } from '../events/event-store';
import { notFound } from '../domain/errors';
import type { SettingsStore } from '../settings/settings-store';
import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import { DeliveryRepository, type Delivery } from './delivery-repository';
import { Dispatcher, type DispatcherOptions } from './dispatcher';
import { EndpointRepository, type WebhookEndpoint } from './endpoint-repository';
import { Outbox, type Target } from './outbox';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { liveSecrets, newWebhookSecret } from './signing';

export interface WebhookServiceDeps {
  db: Database;
  clock: Clock;
  bus: EventBus;
  events: EventStore;
  settings: SettingsStore;
}

export interface EndpointInput {
  url: string;
  events: string[];
  enabled?: boolean | undefined;
  description?: string | null | undefined;
}

interface CallbackSecretSetting {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  rotatedAt: number;
}

const CALLBACK_SECRET_KEY = 'webhook_callback_secret';
const HOUR_MS = 3600_000;

/** Endpoints, the outbox, the callback secret and the dispatcher's lifecycle, behind one door. */
export class WebhookService {
  readonly endpoints: EndpointRepository;
  readonly deliveries: DeliveryRepository;
  readonly outbox: Outbox;
  private dispatcher: Dispatcher | null = null;
  private policy: RetryPolicy = DEFAULT_RETRY_POLICY;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.endpoints = new EndpointRepository(deps.db);
    this.deliveries = new DeliveryRepository(deps.db);
    this.outbox = new Outbox(this.endpoints, this.deliveries, deps.clock, () => this.policy);
    // After commit: wake the dispatcher, so a delivery leaves as soon as its event is durable;
    // events nobody subscribes to (most, in a store without endpoints) cost no query.
    deps.bus.onCommitted(() => {
      if (this.outbox.takeEnqueued()) this.dispatcher?.wake();
    });
    // Created with the store, so a merchant can set up a receiver before the first callbackUrl.
    this.callbackSecret();
  }

  /** The EventBus.inTransaction listener that writes outbox rows beside each event. */
  get onEventRecorded(): (event: StoredEvent) => void {
    return this.outbox.onEvent;
  }

  startDispatcher(options: Partial<DispatcherOptions> = {}): Dispatcher {
    if (this.dispatcher?.isRunning) return this.dispatcher;
    this.policy = options.policy ?? DEFAULT_RETRY_POLICY;
    this.dispatcher = new Dispatcher(
      { db: this.deps.db, deliveries: this.deliveries, endpoints: this.endpoints, callbackSecrets: (now) => this.callbackSecrets(now) },
      { clock: this.deps.clock, ...options },
    );
    this.dispatcher.start();
    return this.dispatcher;
  }

  async stopDispatcher(): Promise<void> {
    await this.dispatcher?.stop();
  }

  listEndpoints(): WebhookEndpoint[] {
    return this.endpoints.list();
  }

  endpoint(id: string): WebhookEndpoint {
    const endpoint = this.endpoints.find(id);
    if (!endpoint) throw notFound(`webhook endpoint ${id}`);
    return endpoint;
  }

  createEndpoint(input: EndpointInput): { endpoint: WebhookEndpoint; secret: string } {
    const id = newId('whe');
    const secret = newWebhookSecret();
    this.endpoints.insert({
      id, url: input.url, events: input.events, enabled: input.enabled ?? true,
      description: input.description ?? null, secret, createdAt: this.deps.clock.now(),
    });
    return { endpoint: this.endpoint(id), secret };
  }

  updateEndpoint(id: string, patch: Partial<EndpointInput>): WebhookEndpoint {
    const current = this.endpoint(id);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    this.endpoints.update({ ...current, ...defined, updatedAt: this.deps.clock.now() });
    const updated = this.endpoint(id);
    if (updated.enabled && !current.enabled) this.dispatcher?.wake();
    return updated;
  }

  /** A new secret signs from now on; the old one keeps signing beside it for `graceHours`. */
  rotateSecret(id: string, graceHours: number): { endpoint: WebhookEndpoint; secret: string } {
    const current = this.endpoint(id);
    const now = this.deps.clock.now();
    const secret = newWebhookSecret();
    const keepOld = graceHours > 0;
    this.endpoints.update({
      ...current, secret, updatedAt: now,
      previousSecret: keepOld ? current.secret : null,
      previousSecretExpiresAt: keepOld ? now + graceHours * HOUR_MS : null,
    });
    return { endpoint: this.endpoint(id), secret };
  }

  /** Soft delete; whatever was still pending for it is marked failed with the reason. */
  deleteEndpoint(id: string): void {
    const now = this.deps.clock.now();
    this.deps.db.transaction(() => {
      if (!this.endpoints.softDelete(id, now)) throw notFound(`webhook endpoint ${id}`);
      this.deliveries.abandon(id, 'endpoint deleted', now);
    })();
  }

  /** Records a `webhook.test` event and queues it for this endpoint only (even when disabled). */
  sendTest(endpointId: string): Delivery {
    const endpoint = this.endpoint(endpointId);
    const now = this.deps.clock.now();
    const deliveryId = this.deps.db.transaction(() => {
      const event = this.deps.events.append('webhook.test', null, {
        message: 'This is a test event sent from the TonTill console.', endpointId: endpoint.id, sentAt: new Date(now).toISOString(),
      }, now);
      return this.outbox.enqueue(event, { endpointId: endpoint.id, url: endpoint.url });
    })();
    this.dispatcher?.wake();
    return this.deliveries.find(deliveryId)!;
  }

  /**
   * Queues the event again as new deliveries (same event id, new delivery ids): to one endpoint
   * if named, else to the current subscribers (a test event: to the endpoints it was sent to).
   */
  redeliver(eventId: string, endpointId?: string): Delivery[] {
    const event = this.deps.events.findById(eventId);
    if (!event) throw notFound(`event ${eventId}`);
    const targets = endpointId ? [this.targetOf(endpointId)] : this.redeliveryTargets(event);
    const ids = this.deps.db.transaction(() => targets.map((t) => this.outbox.enqueue(event, t)))();
    this.dispatcher?.wake();
    return ids.map((id) => this.deliveries.find(id)!);
  }

  private targetOf(endpointId: string): Target {
    const endpoint = this.endpoint(endpointId);
    return { endpointId: endpoint.id, url: endpoint.url };
  }

  private redeliveryTargets(event: StoredEvent): Target[] {
    if (event.type !== 'webhook.test') return this.outbox.subscribers(event);
    const sentTo = new Set(this.deliveries.list({ eventId: event.id, limit: 100 }).map((d) => d.endpointId));
    return this.endpoints.list().filter((e) => sentTo.has(e.id)).map((e) => ({ endpointId: e.id, url: e.url }));
  }

  /** The store-wide secret that signs per-payment callbackUrl deliveries; created if the store has none. */
  callbackSecret(): CallbackSecretSetting {
    const existing = this.deps.settings.get<CallbackSecretSetting>(CALLBACK_SECRET_KEY);
    if (existing) return existing;
    const fresh: CallbackSecretSetting = { secret: newWebhookSecret(), previousSecret: null, previousSecretExpiresAt: null, rotatedAt: this.deps.clock.now() };
    this.deps.settings.set(CALLBACK_SECRET_KEY, fresh);
    return fresh;
  }

  rotateCallbackSecret(graceHours: number): CallbackSecretSetting {
    const current = this.callbackSecret();
    const now = this.deps.clock.now();
    const keepOld = graceHours > 0;
    const next: CallbackSecretSetting = {
      secret: newWebhookSecret(), rotatedAt: now,
      previousSecret: keepOld ? current.secret : null, previousSecretExpiresAt: keepOld ? now + graceHours * HOUR_MS : null,
    };
    this.deps.settings.set(CALLBACK_SECRET_KEY, next);
    return next;
  }

  callbackSecrets(now: number): string[] {
    const s = this.callbackSecret();
    return liveSecrets(s.secret, s.previousSecret, s.previousSecretExpiresAt, now);
  }
}

