import type { Database, Statement } from 'better-sqlite3';
import type { ReadView, Storage, UnitOfWork } from '../storage-port';
import { unitOfWork } from '../unit-of-work';
import { SqliteApiKeys, SqliteSessions, SqliteSettings } from './sqlite-access';
import { SqliteAudit } from './sqlite-audit';
import { SqliteCashiers } from './sqlite-cashiers';
import { SqliteDeliveries } from './sqlite-deliveries';
import { SqliteEndpoints } from './sqlite-endpoints';
import { SqliteEvents } from './sqlite-events';
import { SEARCH_INDEX_CHUNK } from './sqlite-payment-search';
import { SqlitePayments } from './sqlite-payments';
import { SqliteTransfers } from './sqlite-transfers';
import { SqliteMovements } from './sqlite-movements';
import { SqliteRefunds } from './sqlite-refunds';
import { SqliteSignInGuesses } from './sqlite-sign-in-guesses';
import { walFlusher, WalSync, type FlushWal, type WalFlusher } from './wal-sync';

/** how long new payments wait before the search index takes them: one chunk for a burst, not one per batch */
const SEARCH_INDEX_DELAY_MS = 200;

interface Job {
  work: (uow: UnitOfWork) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type BatchResult = { ok: true; outcomes: Outcome[] } | { ok: false; error: unknown };

export interface SqliteStorageOptions {
  /** flushes the WAL to the disk; the test suite holds it to play a slow or failing disk */
  flushWal?: FlushWal;
}

/** Every repository over the one connection, statements prepared once. */
function openRepositories(db: Database) {
  return {
    payments: new SqlitePayments(db),
    transfers: new SqliteTransfers(db),
    movements: new SqliteMovements(db),
    refunds: new SqliteRefunds(db),
    events: new SqliteEvents(db),
    endpoints: new SqliteEndpoints(db),
    deliveries: new SqliteDeliveries(db),
    settings: new SqliteSettings(db),
    apiKeys: new SqliteApiKeys(db),
    sessions: new SqliteSessions(db),
    cashiers: new SqliteCashiers(db),
    signInGuesses: new SqliteSignInGuesses(db),
    audit: new SqliteAudit(db),
  } satisfies ReadView;
}

type SqliteRepositories = ReturnType<typeof openRepositories>;

/**
 * The storage port over one better-sqlite3 connection, held exclusively by this process.
 *
 * Group commit: writes that arrive in the same turn of the event loop share one transaction. Jobs
 * run one after another, each in its own savepoint, so one job's error rolls back only that job.
 *
 * Durability: every caller is answered, and every commit announced, only once the disk has confirmed
 * the WAL that holds its commit, so a 2xx still means "on disk". SQLite would fsync inside COMMIT,
 * holding the event loop for the disk; instead the connection runs with synchronous=NORMAL (SQLite
 * still syncs around checkpoints) and `WalSync` flushes the WAL on the thread pool. Meanwhile the
 * next batch runs and commits, so the disk and the CPU work at the same time.
 *
 * Turns: a job may await between two statements, and on one connection a read issued meanwhile would
 * see (and a cache might keep) what the batch has not committed. So reads never run while a batch is
 * open: they wait for its end, and a batch waits for the reads in progress to finish. A read may see
 * a commit a flush before it is confirmed; nothing that depends on it is confirmed before it (the WAL
 * is flushed in order), and nothing is announced before it.
 */
export class SqliteStorage implements Storage {
  private readonly repos: SqliteRepositories;
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly rollback: Statement;
  private readonly savepoint: Statement;
  private readonly release: Statement;
  private readonly rollbackTo: Statement;
  private queue: Job[] = [];
  private batchScheduled = false;
  private batchOpen = false;
  /** a batch waits for the reads in progress; reads that arrive meanwhile wait for the batch */
  private batchWaiting = false;
  private readers = 0;
  private turnWaiters: Array<() => void> = [];
  private readonly flusher: WalFlusher;
  private readonly walSync: WalSync;
  /** the search index's next chunk, written between batches (null: none due) */
  private searchIndexing: NodeJS.Timeout | null = null;
  private closed = false;
  /** the last committed batch's wait for the disk */
  private lastDurable: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly onCallbackError: (err: unknown) => void,
    options: SqliteStorageOptions = {},
  ) {
    this.flusher = options.flushWal ? { flush: options.flushWal, close: () => undefined } : walFlusher(db.name);
    this.walSync = new WalSync(this.flusher.flush);
    db.pragma('synchronous = NORMAL');
    // A job's savepoint journals the pages it changes; kept in a temp file, that cost a third of a
    // job's time in SQLite. In memory it is a copy, and a batch changes a few dozen pages.
    db.pragma('temp_store = MEMORY');
    // A checkpoint holds the event loop while it copies every page changed since the last one into
    // the ledger and syncs it (120-185 ms each on this machine's disk). The hot pages (the ends of
    // each index) change in every batch: every 25,000 WAL pages (100 MB) instead of SQLite's 1,000,
    // each is copied once for 25 times as many batches, and the sync is paid 25 times less often.
    // At 10,000 pages, checkpoints held the watcher's catch-up 9% of its time (ingest 10-12% slower).
    // The cost: a WAL of up to 100 MB next to the ledger, read back after a crash.
    db.pragma('wal_autocheckpoint = 25000');
    // SQLite's default 2 MB page cache cannot hold the memo index of a store with 100,000 payments,
    // so every transfer the watcher matched read its index pages back from the OS (ingest 4% slower).
    // 8 MB holds it: 16 MB ingested no faster (8,703 and 8,517 tx/s of USDT and TON against 8,664
    // and 8,301, within a run's noise) and kept 8 MB more resident after a burst of invoices.
    db.pragma('cache_size = -8192');
    this.repos = openRepositories(db);
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.savepoint = db.prepare('SAVEPOINT job');
    this.release = db.prepare('RELEASE job');
    this.rollbackTo = db.prepare('ROLLBACK TO job');
  }

  write<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    if (this.walSync.failed) return Promise.reject(this.walSync.failed);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.scheduleBatch();
    });
  }

  read<T>(work: (view: ReadView) => Promise<T>): Promise<T> {
    if (this.batchOpen || this.batchWaiting) return this.nextTurn().then(() => this.read(work));
    this.readers += 1;
    let answer: Promise<T>;
    try {
      answer = work(this.repos);
    } catch (error) {
      this.readDone();
      return Promise.reject(error);
    }
    return answer.then(
      (value) => {
        this.readDone();
        return value;
      },
      (error: unknown) => {
        this.readDone();
        throw error;
      },
    );
  }

  /** Resolves once every write admitted before the call is durable (shutdown, a staged restore). */
  async whenWritten(): Promise<void> {
    if (this.batchOpen || this.queue.length > 0) await this.write(async () => undefined);
    await this.lastDurable;
  }

  /**
   * After the last write, before the connection closes: waits for the writes in flight, then lets go
   * of the WAL's file handle. Never rejects: a write the disk refused was answered with that refusal.
   */
  async close(): Promise<void> {
    await this.whenWritten().catch(() => undefined);
    this.closed = true;
    if (this.searchIndexing) clearTimeout(this.searchIndexing);
    this.flusher.close();
  }

  private nextTurn(): Promise<void> {
    return new Promise((resolve) => this.turnWaiters.push(resolve));
  }

  private readDone(): void {
    this.readers -= 1;
    if (this.readers === 0 && this.batchWaiting) this.startBatch();
  }

  private scheduleBatch(): void {
    if (this.batchScheduled) return;
    this.batchScheduled = true;
    setImmediate(this.nextBatch);
  }

  private readonly nextBatch = (): void => {
    this.batchScheduled = false;
    // an open batch schedules the next one when it ends
    if (this.batchOpen || this.batchWaiting || this.queue.length === 0) return;
    if (this.readers > 0) this.batchWaiting = true;
    else this.startBatch();
  };

  private startBatch(): void {
    this.batchWaiting = false;
    this.batchOpen = true;
    void this.runBatch(this.queue.splice(0));
  }

  private async runBatch(jobs: Job[]): Promise<void> {
    const committed: Array<() => void> = [];
    let batch = await this.commitBatch(jobs, committed);
    // the next batch may run, and commit, while this one waits for the disk
    this.batchOpen = false;
    for (const resolve of this.turnWaiters.splice(0)) resolve();
    if (this.queue.length > 0) this.scheduleBatch();
    if (batch.ok) batch = await this.confirmed(batch);
    jobs.forEach((job, i) => {
      const outcome: Outcome = batch.ok ? batch.outcomes[i]! : { ok: false, error: batch.error };
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
    // last, so a callback whose error handler throws leaves the storage consistent; the callers only
    // continue once this returns, so they still see every callback's effect
    if (batch.ok) this.runCallbacks(committed);
    if (batch.ok) this.scheduleSearchIndexing(SEARCH_INDEX_DELAY_MS);
  }

  /**
   * The search index follows new payments a little later, a chunk per turn between batches, so
   * creating an invoice never waits for it; a search catches up the rest itself before it asks.
   */
  private scheduleSearchIndexing(delayMs: number): void {
    if (this.searchIndexing || this.closed || !this.repos.payments.searchIndex.mayBeBehind) return;
    this.searchIndexing = setTimeout(() => {
      void this.read(async () => {
        this.searchIndexing = null;
        if (this.closed || !this.db.open) return;
        const full = this.repos.payments.searchIndex.indexNext() === SEARCH_INDEX_CHUNK;
        if (full) this.scheduleSearchIndexing(0);
      }).catch(this.onCallbackError);
    }, delayMs).unref();
  }

  /** Each job in its savepoint, then COMMIT; a batch that cannot commit leaves nothing behind. */
  private async commitBatch(jobs: Job[], committed: Array<() => void>): Promise<BatchResult> {
    try {
      this.begin.run();
      const outcomes: Outcome[] = [];
      for (const job of jobs) outcomes.push(await this.runJob(job, committed));
      this.commit.run();
      return { ok: true, outcomes };
    } catch (error) {
      // the commit failed, or SQLite ended the transaction itself: nothing of this batch is durable
      this.abandonBatch();
      return { ok: false, error };
    }
  }

  /** The batch once the disk holds it, or the disk's refusal. */
  private async confirmed(batch: BatchResult): Promise<BatchResult> {
    const durable = this.walSync.durable();
    this.lastDurable = durable;
    try {
      await durable;
      return batch;
    } catch (error) {
      return { ok: false, error };
    }
  }

  private async runJob(job: Job, committed: Array<() => void>): Promise<Outcome> {
    // the job's view of the batch: the shared repositories, and its own after-commit callbacks
    const uow = unitOfWork(this.repos, committed);
    const callbacksBefore = committed.length;
    this.savepoint.run();
    try {
      const value = await job.work(uow);
      this.release.run();
      return { ok: true, value };
    } catch (error) {
      // what a rolled-back job asked to announce never happened
      committed.length = callbacksBefore;
      if (!this.db.inTransaction) throw error;
      this.rollbackTo.run();
      this.release.run();
      this.repos.endpoints.forgetRoutes();
      return { ok: false, error };
    } finally {
      uow.end();
    }
  }

  private abandonBatch(): void {
    try {
      if (this.db.inTransaction) this.rollback.run();
    } catch {
      // the connection is unusable (closed, disk gone); every job is refused with the error that said so
    }
    this.repos.endpoints.forgetRoutes();
  }

  private runCallbacks(callbacks: ReadonlyArray<() => void>): void {
    for (const callback of callbacks) {
      try {
        callback();
      } catch (err) {
        this.onCallbackError(err);
      }
    }
  }
}
