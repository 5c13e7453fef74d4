import type { z } from 'zod';
import type { CreateEndpointBody } from '../../contract/webhooks';
import type { EventBus, TransactionalListener } from '../events/event-bus';
import type { StoredEvent } from '../storage/records';
import type { EventLog } from '../events/event-log';
import { notFound } from '../domain/errors';
import type { SettingsStore } from '../settings/settings-store';
import { SERVICE_ACTOR } from '../storage/audit-repositories';
import type { ReadView, Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import { Dispatcher, type DispatcherOptions } from './dispatcher';
import { Outbox, type Target } from './outbox';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { liveSecrets, newWebhookSecret } from './signing';
import type { Attempt, Delivery, DeliveryFilter, WebhookEndpoint } from '../storage/records';

export interface WebhookServiceDeps {
  storage: Storage;
  clock: Clock;
  bus: EventBus;
  events: EventLog;
  settings: SettingsStore;
}

/** What creating an endpoint takes, as the console route validated it. */
export type EndpointInput = z.output<typeof CreateEndpointBody>;

export interface CallbackSecretSetting {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  rotatedAt: number;
}

const CALLBACK_SECRET_KEY = 'webhook_callback_secret';
const HOUR_MS = 3600_000;

async function endpointIn(view: ReadView, id: string): Promise<WebhookEndpoint> {
  const endpoint = await view.endpoints.find(id);
  if (!endpoint) throw notFound(`webhook endpoint ${id}`);
  return endpoint;
}

/** Endpoints, the outbox, the callback secret and the dispatcher's lifecycle, behind one door. */
export class WebhookService {
  private readonly outbox: Outbox;
  private dispatcher: Dispatcher | null = null;
  private policy: RetryPolicy = DEFAULT_RETRY_POLICY;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.outbox = new Outbox(deps.clock, () => this.policy);
    // After commit: wake the dispatcher, so a delivery leaves as soon as its event is durable;
    // events nobody subscribes to (most, in a store without endpoints) cost no query.
    deps.bus.onCommitted(() => {
      if (this.outbox.takeEnqueued()) this.dispatcher?.wake();
    });
  }

  /** The EventBus.inTransaction listener that writes outbox rows beside each event. */
  get onEventRecorded(): TransactionalListener {
    return this.outbox.onEvent;
  }

  startDispatcher(options: Partial<DispatcherOptions> = {}): Dispatcher {
    if (this.dispatcher?.isRunning) return this.dispatcher;
    this.policy = options.policy ?? DEFAULT_RETRY_POLICY;
    this.dispatcher = new Dispatcher(
      { storage: this.deps.storage, callbackSecrets: (now) => this.callbackSecrets(now) },
      { clock: this.deps.clock, ...options },
    );
    this.dispatcher.start();
    return this.dispatcher;
  }

  async stopDispatcher(): Promise<void> {
    await this.dispatcher?.stop();
  }

  listEndpoints(): Promise<WebhookEndpoint[]> {
    return this.deps.storage.read((view) => view.endpoints.list());
  }

  endpoint(id: string): Promise<WebhookEndpoint> {
    return this.deps.storage.read((view) => endpointIn(view, id));
  }

  /** `actor` (here and below): who made the change, for the audit log, which never sees a secret. */
  async createEndpoint(
    input: EndpointInput,
    actor = SERVICE_ACTOR,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const id = newId('whe');
    const secret = newWebhookSecret();
    const endpoint = await this.deps.storage.write(async (uow) => {
      await uow.endpoints.insert({
        id,
        url: input.url,
        events: input.events,
        enabled: input.enabled ?? true,
        description: input.description ?? null,
        secret,
        createdAt: this.deps.clock.now(),
      });
      await this.audit(uow, actor, 'webhook.endpoint_create', id, { url: input.url, events: input.events });
      return endpointIn(uow, id);
    });
    return { endpoint, secret };
  }

  async updateEndpoint(id: string, patch: Partial<EndpointInput>, actor = SERVICE_ACTOR): Promise<WebhookEndpoint> {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const [before, after] = await this.deps.storage.write(async (uow) => {
      const current = await endpointIn(uow, id);
      await uow.endpoints.update({ ...current, ...defined, updatedAt: this.deps.clock.now() });
      await this.audit(uow, actor, 'webhook.endpoint_update', id, defined);
      return [current, await endpointIn(uow, id)] as const;
    });
    if (after.enabled && !before.enabled) this.dispatcher?.wake();
    return after;
  }

  /** A new secret signs from now on; the old one keeps signing beside it for `graceHours`. */
  async rotateSecret(
    id: string,
    graceHours: number,
    actor = SERVICE_ACTOR,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = newWebhookSecret();
    const endpoint = await this.deps.storage.write(async (uow) => {
      const current = await endpointIn(uow, id);
      const now = this.deps.clock.now();
      const keepOld = graceHours > 0;
      await uow.endpoints.update({
        ...current,
        secret,
        updatedAt: now,
        previousSecret: keepOld ? current.secret : null,
        previousSecretExpiresAt: keepOld ? now + graceHours * HOUR_MS : null,
      });
      await this.audit(uow, actor, 'webhook.secret_rotate', id, { graceHours });
      return endpointIn(uow, id);
    });
    return { endpoint, secret };
  }

  /** Soft delete; whatever was still pending for it is marked failed with the reason. */
  deleteEndpoint(id: string, actor = SERVICE_ACTOR): Promise<void> {
    const now = this.deps.clock.now();
    return this.deps.storage.write(async (uow) => {
      if (!(await uow.endpoints.softDelete(id, now))) throw notFound(`webhook endpoint ${id}`);
      await this.audit(uow, actor, 'webhook.endpoint_delete', id, null);
      await uow.deliveries.abandon(id, 'endpoint deleted', now);
    });
  }

  /** Records a `webhook.test` event and queues it for this endpoint only (even when disabled). */
  async sendTest(endpointId: string): Promise<Delivery> {
    const delivery = await this.deps.storage.write(async (uow) => {
      const endpoint = await endpointIn(uow, endpointId);
      const event = await this.deps.events.record(uow, 'webhook.test', null, {
        message: 'This is a test event sent from the TonTill console.',
        endpointId: endpoint.id,
        sentAt: new Date(this.deps.clock.now()).toISOString(),
      });
      return this.enqueued(uow, event, [{ endpointId: endpoint.id, url: endpoint.url }]);
    });
    this.dispatcher?.wake();
    return delivery[0]!;
  }

  /**
   * Queues the event again as new deliveries (same event id, new delivery ids): to one endpoint
   * if named, else to the current subscribers (a test event: to the endpoints it was sent to).
   */
  async redeliver(eventId: string, endpointId?: string): Promise<Delivery[]> {
    const deliveries = await this.deps.storage.write(async (uow) => {
      const event = await uow.events.findById(eventId);
      if (!event) throw notFound(`event ${eventId}`);
      const targets = endpointId ? [await this.targetOf(uow, endpointId)] : await this.redeliveryTargets(uow, event);
      return this.enqueued(uow, event, targets);
    });
    this.dispatcher?.wake();
    return deliveries;
  }

  /**
   * Redelivers one delivery: while it waits for a retry, that same delivery is tried now (a second
   * one would only race it); once finished (delivered or given up), a new delivery of its event to
   * the same target is queued, as `redeliver` does.
   */
  async redeliverDelivery(id: string): Promise<{ delivery: Delivery; retriedNow: boolean }> {
    const result = await this.deps.storage.write(async (uow) => {
      const delivery = await uow.deliveries.find(id);
      if (!delivery) throw notFound(`delivery ${id}`);
      if (await uow.deliveries.retryNow(id, this.deps.clock.now()))
        return { delivery: (await uow.deliveries.find(id))!, retriedNow: true };
      const event = await uow.events.findById(delivery.eventId);
      if (!event) throw notFound(`event ${delivery.eventId}`);
      const target = delivery.endpointId
        ? await this.targetOf(uow, delivery.endpointId)
        : { endpointId: null, url: delivery.url };
      const [fresh] = await this.enqueued(uow, event, [target]);
      return { delivery: fresh!, retriedNow: false };
    });
    this.dispatcher?.wake();
    return result;
  }

  private async enqueued(uow: UnitOfWork, event: StoredEvent, targets: readonly Target[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const target of targets)
      deliveries.push((await uow.deliveries.find(await this.outbox.enqueue(uow, event, target)))!);
    return deliveries;
  }

  private async targetOf(view: ReadView, endpointId: string): Promise<Target> {
    const endpoint = await endpointIn(view, endpointId);
    return { endpointId: endpoint.id, url: endpoint.url };
  }

  private async redeliveryTargets(view: ReadView, event: StoredEvent): Promise<Target[]> {
    if (event.type !== 'webhook.test') return this.outbox.subscribers(view, event);
    const sentTo = new Set((await view.deliveries.list({ eventId: event.id, limit: 100 })).map((d) => d.endpointId));
    return (await view.endpoints.list()).filter((e) => sentTo.has(e.id)).map((e) => ({ endpointId: e.id, url: e.url }));
  }

  /** The delivery log, newest first; `beforeSeq` is the cursor. */
  listDeliveries(filter: DeliveryFilter): Promise<Delivery[]> {
    return this.deps.storage.read((view) => view.deliveries.list(filter));
  }

  /** One delivery with every attempt, as sent and as answered. */
  delivery(id: string): Promise<{ delivery: Delivery; attempts: Attempt[] }> {
    return this.deps.storage.read(async (view) => {
      const delivery = await view.deliveries.find(id);
      if (!delivery) throw notFound(`delivery ${id}`);
      return { delivery, attempts: await view.deliveries.attempts(id) };
    });
  }

  /** The store-wide secret that signs per-payment callbackUrl deliveries; created if the store has none. */
  private audit(
    uow: UnitOfWork,
    actor: string,
    action: string,
    endpointId: string,
    detail: Record<string, unknown> | null,
  ): Promise<void> {
    return uow.audit.append({ at: this.deps.clock.now(), actor, action, target: endpointId, detail });
  }

  callbackSecret(): Promise<CallbackSecretSetting> {
    return this.deps.settings.getOrCreate<CallbackSecretSetting>(CALLBACK_SECRET_KEY, () => ({
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      rotatedAt: this.deps.clock.now(),
    }));
  }

  async rotateCallbackSecret(graceHours: number, actor = SERVICE_ACTOR): Promise<CallbackSecretSetting> {
    const rotated = await this.deps.settings.change<CallbackSecretSetting>(
      CALLBACK_SECRET_KEY,
      (current) => {
        const now = this.deps.clock.now();
        const keepOld = graceHours > 0 && current !== undefined;
        return {
          secret: newWebhookSecret(),
          rotatedAt: now,
          previousSecret: keepOld ? current.secret : null,
          previousSecretExpiresAt: keepOld ? now + graceHours * HOUR_MS : null,
        };
      },
      actor,
    );
    return rotated!;
  }

  async callbackSecrets(now: number): Promise<string[]> {
    const s = await this.callbackSecret();
    return liveSecrets(s.secret, s.previousSecret, s.previousSecretExpiresAt, now);
  }
}
