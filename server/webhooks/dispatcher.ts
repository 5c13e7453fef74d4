import { performance } from 'node:perf_hooks';
import type { Database } from 'better-sqlite3';
import { newId } from '../util/ids';
import type { Clock } from '../util/clock';
import type { Attempt, DeliveryRepository, DueDelivery } from './delivery-repository';
import type { EndpointRepository } from './endpoint-repository';
import { HttpSender, targetUrlProblem, type SendResult } from './http-sender';
import { classify, DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-policy';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, liveSecrets, SIGNATURE_HEADER, signatureHeader } from './signing';

export interface DispatcherOptions {
  clock: Clock;
  /** jitter source in [0, 1) */
  random?: () => number;
  policy?: RetryPolicy;
  /** per attempt, connection to last byte */
  timeoutMs?: number;
  maxConcurrency?: number;
  /** in-flight deliveries per endpoint (or callback URL); order per payment holds regardless */
  maxPerTarget?: number;
  /** how often an idle dispatcher looks for due retries */
  idlePollMs?: number;
  /** on shutdown, in-flight deliveries get this long to finish before they are aborted */
  stopGraceMs?: number;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

export interface DispatcherDeps {
  db: Database;
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  /** secrets signing per-payment callbackUrl deliveries */
  callbackSecrets(now: number): string[];
}

interface Completed {
  row: DueDelivery;
  at: number;
  headers: Record<string, string>;
  body: string;
  result: SendResult;
  durationMs: number;
  aborted: boolean;
}

const targetOf = (row: DueDelivery): string => row.endpointId ?? `url:${row.url}`;

/** The body is built from the stored event; `data` is spliced in as stored, never re-serialised. */
export function eventBody(row: Pick<DueDelivery, 'eventId' | 'eventType' | 'eventCreatedAt' | 'dataJson'>): string {
  return `{"id":${JSON.stringify(row.eventId)},"type":${JSON.stringify(row.eventType)},"createdAt":"${new Date(row.eventCreatedAt).toISOString()}","data":${row.dataJson}}`;
}

/**
 * Sends due outbox rows. One process owns the outbox, so claims live in memory: a crash forgets
 * them and the rows, still pending in SQLite, are sent again (at least once). Rows sharing an
 * order key (one target, one payment) go one at a time, oldest first; different payments go in
 * parallel up to the concurrency limits.
 */
export class Dispatcher {
  private readonly o: Required<Omit<DispatcherOptions, 'log'>> & Pick<DispatcherOptions, 'log'>;
  private readonly sender: HttpSender;
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly perTarget = new Map<string, number>();
  private completed: Completed[] = [];
  private idleWaiters: Array<() => void> = [];
  private running = false;
  private pumpQueued = false;
  private timer: NodeJS.Timeout | null = null;
  private abort = new AbortController();

  constructor(private readonly deps: DispatcherDeps, options: DispatcherOptions) {
    this.o = {
      random: Math.random, policy: DEFAULT_RETRY_POLICY, timeoutMs: 10_000, maxConcurrency: 64, maxPerTarget: 32,
      idlePollMs: 1_000, stopGraceMs: 1_000, ...options,
    };
    this.sender = new HttpSender(this.o.maxConcurrency);
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    this.wake();
  }

  /** Something may have become due (an event committed, a redelivery, a test); coalesced per tick. */
  wake(): void {
    if (!this.running || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /** Resolves once nothing is due right now and nothing is in flight (tests, benches). */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wake();
    });
  }

  /** Lets in-flight deliveries finish for a moment, aborts the rest, and writes what finished. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = () => Promise.allSettled([...this.inflight.values()]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((r) => { grace = setTimeout(r, this.o.stopGraceMs); })]);
    clearTimeout(grace);
    this.abort.abort();
    await all();
    this.flush();
    this.sender.close();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private pump(): void {
    if (!this.running) return;
    try {
      this.flush();
      const launched = this.claimAndLaunch();
      if (launched === 0 && this.inflight.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    } catch (err) {
      this.o.log?.warn({ err }, 'webhook dispatcher pump failed; retrying shortly');
    }
    this.arm();
  }

  private claimAndLaunch(): number {
    let capacity = this.o.maxConcurrency - this.inflight.size;
    if (capacity <= 0) return 0;
    const now = this.o.clock.now();
    let launched = 0;
    for (const row of this.deps.deliveries.due(now, capacity + this.inflight.size + 16)) {
      if (this.inflight.has(row.id)) continue;
      const target = targetOf(row);
      const busy = this.perTarget.get(target) ?? 0;
      if (busy >= this.o.maxPerTarget) continue;
      this.perTarget.set(target, busy + 1);
      this.inflight.set(row.id, this.deliver(row).then((done) => {
        this.completed.push(done);
        this.wake();
      }));
      launched += 1;
      if (--capacity === 0) break;
    }
    return launched;
  }

  /** Sleeps until the next retry is due, at most idlePollMs (other writers and manual clocks need a look now and then). */
  private arm(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    const now = this.o.clock.now();
    const next = this.deps.deliveries.nextRetryAt(now);
    const delay = next === null ? this.o.idlePollMs : Math.max(0, Math.min(this.o.idlePollMs, next - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, delay);
    this.timer.unref();
  }

  private async deliver(row: DueDelivery): Promise<Completed> {
    const at = this.o.clock.now();
    const body = eventBody(row);
    const secrets = row.endpointId ? liveSecrets(row.secret ?? '', row.previousSecret, row.previousSecretExpiresAt, at) : this.deps.callbackSecrets(at);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'TonTill-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(at / 1000), body),
      [EVENT_ID_HEADER]: row.eventId,
      [DELIVERY_ID_HEADER]: row.id,
    };
    const problem = targetUrlProblem(row.url);
    if (problem) return { row, at, headers, body, result: { statusCode: null, responseBody: null, error: problem }, durationMs: 0, aborted: false };
    const started = performance.now();
    const result = await this.sender.send({ url: row.url, headers, body, timeoutMs: this.o.timeoutMs, signal: this.abort.signal });
    const aborted = this.abort.signal.aborted && result.statusCode === null;
    return { row, at, headers, body, result, durationMs: Math.round(performance.now() - started), aborted };
  }

  /** Writes finished attempts in one transaction, then frees their slots. */
  private flush(): void {
    if (this.completed.length === 0) return;
    const batch = this.completed;
    this.completed = [];
    try {
      this.deps.db.transaction(() => {
        for (const done of batch) if (!done.aborted) this.settle(done);
      })();
    } finally {
      for (const done of batch) {
        this.inflight.delete(done.row.id);
        const target = targetOf(done.row);
        const busy = (this.perTarget.get(target) ?? 1) - 1;
        if (busy <= 0) this.perTarget.delete(target);
        else this.perTarget.set(target, busy);
      }
    }
  }

  private settle(done: Completed): void {
    const { row, result } = done;
    const now = this.o.clock.now();
    const attempt: Attempt = {
      id: newId('wha'), deliveryId: row.id, at: done.at, url: row.url, requestHeaders: done.headers, requestBody: done.body,
      responseStatus: result.statusCode, responseBody: result.responseBody, durationMs: done.durationMs, error: result.error,
    };
    this.deps.deliveries.recordAttempt(attempt);
    const outcome = result.error && targetUrlProblem(row.url) ? { kind: 'give-up' as const, reason: result.error } : classify(result.statusCode, result.error);
    const base = { id: row.id, statusCode: result.statusCode, nextAttemptAt: now, deliveredAt: null };
    if (outcome.kind === 'delivered') {
      this.deps.deliveries.settle({ ...base, status: 'delivered', error: null, deliveredAt: now });
      if (row.endpointId) this.endpointSucceeded(row.endpointId, now);
      return;
    }
    const next = outcome.kind === 'retry' ? nextAttemptAt(this.o.policy, row.attempts + 1, now, row.giveUpAt, this.o.random) : null;
    const error = outcome.kind === 'retry' && next === null ? `gave up after ${row.attempts + 1} attempts: ${outcome.reason}` : outcome.reason;
    this.deps.deliveries.settle({ ...base, status: next === null ? 'failed' : 'pending', nextAttemptAt: next ?? now, error });
    if (row.endpointId) this.endpointFailed(row.endpointId, now);
  }

  private endpointSucceeded(endpointId: string, now: number): void {
    const wasFailing = this.deps.endpoints.find(endpointId)?.status === 'failing';
    this.deps.endpoints.recordSuccess(endpointId, now);
    if (wasFailing) this.deps.deliveries.hurry(endpointId, now);
  }

  private endpointFailed(endpointId: string, now: number): void {
    const before = this.deps.endpoints.find(endpointId);
    this.deps.endpoints.recordFailure(endpointId, now, this.o.policy.failingThreshold);
    if (before && before.status !== 'failing' && before.consecutiveFailures + 1 >= this.o.policy.failingThreshold) {
      this.o.log?.warn({ endpointId, url: before.url }, 'webhook endpoint marked failing; deliveries keep retrying');
    }
  }
}
