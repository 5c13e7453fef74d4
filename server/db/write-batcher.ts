import type { Database } from 'better-sqlite3';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit. With synchronous=FULL every commit waits for the disk, so writes that arrive in
 * the same turn of the event loop share one transaction and one fsync. Each job runs in its own
 * savepoint, so one job's error rolls back only that job; every caller is answered only after the
 * commit is durable, so a 2xx still means "on disk".
 */
export class WriteBatcher {
  private pending: Job[] = [];
  private scheduled = false;
  private flushing = false;
  private committed: Array<() => void> = [];

  constructor(private readonly db: Database, private readonly onCallbackError: (err: unknown) => void) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Runs `callback` once the batch being written commits; immediately when no batch is being written. */
  afterCommit(callback: () => void): void {
    if (this.flushing) this.committed.push(callback);
    else callback();
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.pending.splice(0);
    let outcomes: Outcome[];
    this.flushing = true;
    try {
      outcomes = this.db.transaction(() => jobs.map((job) => this.runInSavepoint(job)))();
    } catch (error) {
      // the commit itself failed: nothing of this batch is durable
      this.flushing = false;
      this.committed = [];
      for (const job of jobs) job.reject(error);
      return;
    }
    this.flushing = false;
    const callbacks = this.committed.splice(0);
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
    for (const callback of callbacks) {
      try {
        callback();
      } catch (err) {
        this.onCallbackError(err);
      }
    }
  }

  private runInSavepoint(job: Job): Outcome {
    const callbacksBefore = this.committed.length;
    try {
      return { ok: true, value: this.db.transaction(job.work)() };
    } catch (error) {
      // what a rolled-back job asked to announce never happened
      this.committed.length = callbacksBefore;
      return { ok: false, error };
    }
  }
}
