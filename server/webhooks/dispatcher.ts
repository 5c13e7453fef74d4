import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { targetUrlProblem } from '../../contract/webhooks';
import type { Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { HttpSender } from './http-sender';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { settleBatch, type FinishedAttempt, type SettlementPolicy } from './settlement';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, liveSecrets, SIGNATURE_HEADER, signatureHeader } from './signing';
import type { DueDelivery } from '../storage/records';

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
  /**
   * Several instances share the outbox (PostgreSQL): each row is claimed in the ledger for `holder`
   * for `leaseMs` before it is sent, so no two instances send it at once. Without, this process owns
   * the outbox and its claims live in memory.
   */
  claims?: { holder: string; leaseMs: number };
}

export interface DispatcherDeps {
  storage: Storage;
  /** secrets signing per-payment callbackUrl deliveries */
  callbackSecrets(now: number): Promise<string[]>;
}

/** aborted by shutdown: not recorded, the row stays pending */
type Completed = FinishedAttempt & { aborted: boolean };

/** slots that must free up before the dispatcher queries again without a wake-up */
const CLAIM_BATCH = 8;
const CLAIM_SLACK = 16;
/** finished attempts recorded per transaction under load, and how long the first may wait for company */
const FLUSH_BATCH = 64;
const FLUSH_DELAY_MS = 10;

const targetOf = (row: DueDelivery): string => row.endpointId ?? `url:${row.url}`;

/** The body is built from the stored event; `data` is spliced in as stored, never re-serialised. */
export function eventBody(row: Pick<DueDelivery, 'eventId' | 'eventType' | 'eventCreatedAt' | 'dataJson'>): string {
  return `{"id":${JSON.stringify(row.eventId)},"type":${JSON.stringify(row.eventType)},"createdAt":"${new Date(row.eventCreatedAt).toISOString()}","data":${row.dataJson}}`;
}

/**
 * Sends due outbox rows. On SQLite one process owns the outbox, so claims live in memory: a crash
 * forgets them and the rows, still pending in the ledger, are sent again (at least once). When
 * instances share the outbox (`claims`), each row is also claimed in the ledger before it is sent;
 * a claim outliving its instance lapses and another sends the row again. Rows sharing an
 * order key (one target, one payment) go one at a time, oldest first; different payments go in
 * parallel up to the concurrency limits.
 */
export class Dispatcher {
  private readonly o: Required<Omit<DispatcherOptions, 'log' | 'claims'>> & Pick<DispatcherOptions, 'log' | 'claims'>;
  private readonly sender: HttpSender;
  private readonly settlement: SettlementPolicy;
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly perTarget = new Map<string, number>();
  private completed: Completed[] = [];
  /** each waits for a look that began after it asked (`after`: the looks begun by then) */
  private idleWaiters: Array<{ after: number; resolve: () => void }> = [];
  private looksBegun = 0;
  private running = false;
  private pumpQueued = false;
  /** the pump that is reading or writing; wake-ups meanwhile make it go round once more */
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  /** a new row may be due: look even if few slots freed */
  private lookRequested = true;
  private settledSinceLook = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private flushTimer: NodeJS.Timeout | null = null;
  private abort = new AbortController();

  constructor(
    private readonly deps: DispatcherDeps,
    options: DispatcherOptions,
  ) {
    this.o = {
      random: Math.random,
      policy: DEFAULT_RETRY_POLICY,
      timeoutMs: 10_000,
      maxConcurrency: 128,
      maxPerTarget: 64,
      idlePollMs: 1_000,
      stopGraceMs: 1_000,
      ...options,
    };
    this.sender = new HttpSender(this.o.maxConcurrency);
    this.settlement = { policy: this.o.policy, random: this.o.random, log: this.o.log };
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    setMaxListeners(0, this.abort.signal);
    this.wake();
  }

  /** Something may have become due (an event committed, a redelivery, a test); coalesced per tick. */
  wake(): void {
    this.lookRequested = true;
    this.schedulePump();
  }

  private schedulePump(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.running || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.runPump();
    });
  }

  /** One pump at a time: it reads and writes across awaits, and two would claim the same rows. */
  private runPump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        this.schedulePump();
      }
    });
  }

  /** Resolves once nothing is due right now and nothing is in flight (tests, benches). */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push({ after: this.looksBegun, resolve });
      this.wake();
    });
  }

  /** Lets in-flight deliveries finish for a moment, aborts the rest, and writes what finished. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    const all = () => Promise.allSettled([...this.inflight.values()]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      all(),
      new Promise((r) => {
        grace = setTimeout(r, this.o.stopGraceMs);
      }),
    ]);
    clearTimeout(grace);
    this.abort.abort();
    await all();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.pumping;
    await this.flush();
    this.sender.close();
    for (const waiter of this.idleWaiters.splice(0)) waiter.resolve();
  }

  /**
   * Writes finished attempts, then claims due rows. Finished deliveries free slots one by one;
   * claiming waits for a few of them (or a wake-up) so each query fills several slots at once.
   */
  private async pump(): Promise<void> {
    try {
      if (!this.running) return;
      await this.flush();
      const look = this.lookRequested || this.inflight.size === 0 || this.settledSinceLook >= CLAIM_BATCH;
      const lookNumber = look ? ++this.looksBegun : 0;
      const launched = look ? await this.claimAndLaunch() : 0;
      // idle for those who asked before this look began: it saw the clock and the rows as they were when they asked
      if (look && launched === 0 && this.inflight.size === 0) this.resolveIdleWaiters(lookNumber);
      if (!this.timer) this.arm(await this.idleLookAt());
    } catch (err) {
      // Rows stay pending in the ledger; the next look sends them again.
      this.o.log?.warn({ err }, 'webhook dispatcher pump failed; retrying shortly');
      this.arm(this.o.clock.now() + this.o.idlePollMs);
    }
  }

  private async claimAndLaunch(): Promise<number> {
    this.lookRequested = false;
    this.settledSinceLook = 0;
    const capacity = this.o.maxConcurrency - this.inflight.size;
    if (capacity <= 0) return 0;
    const claimed = [...this.inflight.keys()];
    const now = this.o.clock.now();
    const due = await this.deps.storage.read((view) => view.deliveries.due(now, capacity + CLAIM_SLACK, claimed));
    // stopped while reading: what was due stays pending for the next start
    if (!this.running) return 0;
    const picked: DueDelivery[] = [];
    const busy = new Map<string, number>();
    for (const row of due) {
      const target = targetOf(row);
      const taken = busy.get(target) ?? this.perTarget.get(target) ?? 0;
      if (taken >= this.o.maxPerTarget || this.inflight.has(row.id)) continue;
      busy.set(target, taken + 1);
      picked.push(row);
      if (picked.length === capacity) break;
    }
    const launch = await this.claim(picked, now);
    if (!this.running) return 0;
    for (const row of launch) {
      const target = targetOf(row);
      this.perTarget.set(target, (this.perTarget.get(target) ?? 0) + 1);
      this.inflight.set(
        row.id,
        this.deliver(row).then((done) => this.finished(done)),
      );
    }
    return launch.length;
  }

  /** The rows this dispatcher may send: all of them when it owns the outbox, else those the ledger let it claim. */
  private async claim(rows: DueDelivery[], now: number): Promise<DueDelivery[]> {
    const claims = this.o.claims;
    if (!claims || rows.length === 0) return rows;
    const ids = rows.map((row) => row.id);
    const got = new Set(
      await this.deps.storage.write((uow) => uow.deliveries.claim(ids, claims.holder, now + claims.leaseMs, now)),
    );
    return rows.filter((row) => got.has(row.id));
  }

  /**
   * Recording is batched: one transaction per few finished attempts costs far less than one each.
   * Under light load (everything in flight has finished) it is recorded at once.
   */
  private finished(done: Completed): void {
    this.completed.push(done);
    if (this.completed.length >= FLUSH_BATCH || this.completed.length === this.inflight.size) {
      this.schedulePump();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.schedulePump();
      }, FLUSH_DELAY_MS);
    }
  }

  private resolveIdleWaiters(lookNumber: number): void {
    const ready = this.idleWaiters.filter((waiter) => waiter.after < lookNumber);
    this.idleWaiters = this.idleWaiters.filter((waiter) => waiter.after >= lookNumber);
    for (const waiter of ready) waiter.resolve();
  }

  /** When an idle dispatcher looks again: the next retry, but at least every idlePollMs (other writers, manual clocks). */
  private async idleLookAt(): Promise<number> {
    const now = this.o.clock.now();
    const next = await this.deps.storage.read((view) => view.deliveries.nextRetryAt(now));
    return now + (next === null ? this.o.idlePollMs : Math.max(0, Math.min(this.o.idlePollMs, next - now)));
  }

  /** Makes sure the dispatcher looks at `at` (clock time) at the latest, and never sleeps longer than idlePollMs. */
  private arm(wanted: number): void {
    const at = Math.min(wanted, this.o.clock.now() + this.o.idlePollMs);
    if (!this.running || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.wake();
      },
      Math.max(0, at - this.o.clock.now()),
    );
    this.timer.unref();
  }

  private async deliver(row: DueDelivery): Promise<Completed> {
    const at = this.o.clock.now();
    const body = eventBody(row);
    const secrets = row.endpointId
      ? liveSecrets(row.secret ?? '', row.previousSecret, row.previousSecretExpiresAt, at)
      : await this.deps.callbackSecrets(at);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'TonTill-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(at / 1000), body),
      [EVENT_ID_HEADER]: row.eventId,
      [DELIVERY_ID_HEADER]: row.id,
    };
    const problem = targetUrlProblem(row.url);
    if (problem)
      return {
        row,
        at,
        headers,
        body,
        result: { statusCode: null, responseBody: null, error: problem },
        durationMs: 0,
        refused: true,
        aborted: false,
      };
    const started = performance.now();
    const result = await this.sender.send({
      url: row.url,
      headers,
      body,
      timeoutMs: this.o.timeoutMs,
      signal: this.abort.signal,
    });
    const aborted = this.abort.signal.aborted && result.statusCode === null;
    return {
      row,
      at,
      headers,
      body,
      result,
      durationMs: Math.round(performance.now() - started),
      refused: false,
      aborted,
    };
  }

  /** Writes finished attempts in one unit of work, then frees their slots. */
  private async flush(): Promise<void> {
    if (this.completed.length === 0) return;
    const batch = this.completed;
    this.completed = [];
    try {
      const finished = batch.filter((done) => !done.aborted);
      if (finished.length === 0) return;
      const retries = await this.deps.storage.write((uow) =>
        settleBatch(uow, this.settlement, finished, this.o.clock.now()),
      );
      if (retries.length) this.arm(Math.min(...retries));
    } finally {
      this.settledSinceLook += batch.length;
      for (const done of batch) {
        this.inflight.delete(done.row.id);
        const target = targetOf(done.row);
        const busy = (this.perTarget.get(target) ?? 1) - 1;
        if (busy <= 0) this.perTarget.delete(target);
        else this.perTarget.set(target, busy);
      }
    }
  }
}
