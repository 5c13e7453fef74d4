import type {
  Attempt,
  Delivery,
  DeliveryFilter,
  DeliverySettlement,
  DueDelivery,
  EndpointHealth,
  EndpointRoute,
  NewDelivery,
  NewEndpoint,
  WebhookEndpoint,
} from './records';

export interface EndpointReads {
  /** a live (not deleted) endpoint */
  find(id: string): Promise<WebhookEndpoint | null>;
  list(): Promise<WebhookEndpoint[]>;
  /** Enabled endpoints: read for every event recorded, so implementations may keep them in memory. */
  routes(): Promise<readonly EndpointRoute[]>;
  health(id: string): Promise<EndpointHealth | null>;
}

/** Endpoints are soft-deleted so the delivery log keeps pointing at something. */
export interface EndpointRepository extends EndpointReads {
  insert(endpoint: NewEndpoint): Promise<void>;
  update(endpoint: WebhookEndpoint): Promise<void>;
  saveHealth(id: string, health: EndpointHealth): Promise<void>;
  /** false when there was no live endpoint to delete */
  softDelete(id: string, now: number): Promise<boolean>;
}

export interface DeliveryReads {
  find(id: string): Promise<Delivery | null>;
  attempts(deliveryId: string): Promise<Attempt[]>;
  /** newest first; `beforeSeq` is the cursor */
  list(filter: DeliveryFilter): Promise<Delivery[]>;
  /**
   * Due rows, oldest first, leaving out those the dispatcher already holds (`claimed`) and those
   * another holder claimed until after `now`. A row is due when its time has come and nothing older
   * for the same order key is still pending.
   */
  due(now: number, limit: number, claimed: readonly string[]): Promise<DueDelivery[]>;
  /** the earliest future retry, to know how long the dispatcher may sleep */
  nextRetryAt(now: number): Promise<number | null>;
}

/** The outbox rows and their attempt log. */
export interface DeliveryRepository extends DeliveryReads {
  insert(delivery: NewDelivery): Promise<void>;
  recordAttempt(attempt: Attempt): Promise<void>;
  /** Brings a pending delivery's next attempt forward to `now`; false when it is no longer pending. */
  retryNow(id: string, now: number): Promise<boolean>;
  /**
   * Takes these due rows for `holder` until `until` (epoch ms) and returns the ids it got, in the
   * order given: a row another holder claimed, whose claim has not lapsed by `now`, or that is no
   * longer pending, is left out (a holder may renew its own claim). Several instances share one
   * outbox; a claim that outlives its holder (killed mid-send) lapses and another instance sends
   * the row again (at least once). `now` comes from the same clock as `until` and `due`'s `now`,
   * so a claim lapses exactly when `due` starts offering the row again, whatever the database's clock.
   * Where one process owns the outbox, claims may live in its memory and this returns `ids` as is.
   */
  claim(ids: readonly string[], holder: string, until: number, now: number): Promise<string[]>;
  /** Applies an attempt's outcome and ends its claim; a no-op if the delivery is no longer pending (e.g. its endpoint was deleted). */
  settle(settlement: DeliverySettlement): Promise<void>;
  /** A recovered endpoint gets its backlog retried now instead of at the end of each backoff. */
  hurry(endpointId: string, now: number): Promise<number>;
  /** Stops what is still pending for an endpoint (it was deleted); the log keeps the reason. */
  abandon(endpointId: string, reason: string, now: number): Promise<number>;
}
