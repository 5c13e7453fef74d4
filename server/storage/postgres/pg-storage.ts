import type pg from 'pg';
import { LedgerUnavailableError, type ReadView, type Storage, type UnitOfWork } from '../storage-port';
import { unitOfWork } from '../unit-of-work';
import { PgApiKeys, PgSessions, PgSettings } from './pg-access';
import { PgAudit } from './pg-audit';
import { PgCashiers } from './pg-cashiers';
import { PgDeliveries } from './pg-deliveries';
import { PgEndpoints } from './pg-endpoints';
import { PgEvents } from './pg-events';
import { PgMovements } from './pg-movements';
import { PgPayments } from './pg-payments';
import { PgRefunds } from './pg-refunds';
import { PgSignInGuesses } from './pg-sign-in-guesses';
import { PgSql } from './pg-sql';
import { PgTransfers } from './pg-transfers';

/** Every repository over one connection, inside the transaction the storage opened on it. */
function openRepositories(sql: PgSql) {
  return {
    payments: new PgPayments(sql),
    transfers: new PgTransfers(sql),
    movements: new PgMovements(sql),
    refunds: new PgRefunds(sql),
    events: new PgEvents(sql),
    endpoints: new PgEndpoints(sql),
    deliveries: new PgDeliveries(sql),
    settings: new PgSettings(sql),
    apiKeys: new PgApiKeys(sql),
    sessions: new PgSessions(sql),
    cashiers: new PgCashiers(sql),
    signInGuesses: new PgSignInGuesses(sql),
    audit: new PgAudit(sql),
  } satisfies ReadView;
}

/** Checks, first thing in a unit of work, that it may still write (the watcher's fencing epoch). */
export type Fence = (sql: PgSql) => Promise<void>;

/**
 * The server is gone or refuses sessions: connection exceptions (class 08), an administrator's or a
 * crash's shutdown, too many connections, or a socket that failed before PostgreSQL said anything.
 */
function isUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') {
    // node-postgres's own words for a socket that died or never opened
    return (
      err instanceof Error &&
      err.constructor === Error &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        err.message,
      )
    );
  }
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('E');
}

function unreachable(err: unknown): LedgerUnavailableError {
  return new LedgerUnavailableError(`PostgreSQL does not answer: ${(err as Error).message}`, {
    cause: err,
    advice: 'the database does not answer, so the change was not applied; try again in a moment',
  });
}

/** Serialization failures and deadlocks: the transaction did nothing, and running it again is safe. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 12;
const isRetryable = (err: unknown): boolean => RETRYABLE.has((err as { code?: string }).code ?? '');
const pause = (attempt: number): Promise<void> =>
  new Promise((r) => setTimeout(r, Math.random() * 2 ** Math.min(attempt, 6)));

export interface PgStorageOptions {
  /** names this instance in NOTIFY payloads and claims */
  instanceId: string;
  onCallbackError: (err: unknown) => void;
}

/**
 * The storage port over a pool of PostgreSQL connections, shared by any number of instances.
 *
 * Every unit of work is one SERIALIZABLE transaction on a connection of its own: domain code reads,
 * decides and writes as if it ran alone (the refund cap, one payment per externalId, crediting a
 * transfer once), and PostgreSQL proves it did. A transaction that lost a race rolls back with a
 * serialization failure and runs again from the start, invisibly to the caller; a unit of work is
 * therefore pure apart from its `uow`, which the domain code already is (its announcements wait in
 * `afterCommit`). Writes are answered once COMMIT returned, that is once PostgreSQL has it on disk.
 *
 * Reads run in a REPEATABLE READ, READ ONLY transaction: one snapshot of committed state, so a
 * report summing several queries never mixes two moments.
 */
export class PgStorage implements Storage {
  private readonly inFlight = new Set<Promise<unknown>>();

  /** the last write of an ordered storage: the next one starts once it has ended */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgStorageOptions,
    private readonly fence: Fence | null = null,
  ) {}

  get instanceId(): string {
    return this.options.instanceId;
  }

  /**
   * The storage for the chain watcher: every write first checked by `fence` inside its transaction,
   * and writes run one after another in the order they were issued. The watcher sends its next chunk
   * while the one before is still committing, naming the cursor that one leaves (SQLite's group
   * commit keeps that order by itself); concurrent transactions here would each see the older cursor.
   */
  fenced(fence: Fence): PgStorage {
    return new PgStorage(this.pool, this.options, fence);
  }

  write<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    let written: Promise<T>;
    if (this.fence) {
      written = this.tail.then(() => this.writeWithRetries(work));
      this.tail = written.catch(() => undefined);
    } else {
      written = this.writeWithRetries(work);
    }
    this.inFlight.add(written);
    const forget = () => this.inFlight.delete(written);
    written.then(forget, forget);
    return written;
  }

  async read<T>(work: (view: ReadView) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (sql) =>
      work(openRepositories(sql)),
    );
  }

  /** Resolves once every write admitted before the call has committed or failed. */
  async whenWritten(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Waits for the writes in flight; the pool is closed by whoever opened it. */
  async close(): Promise<void> {
    await this.whenWritten();
  }

  private async writeWithRetries<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const callbacks: Array<() => void> = [];
      try {
        const value = await this.inTransaction('BEGIN ISOLATION LEVEL SERIALIZABLE', async (sql) => {
          if (this.fence) await this.fence(sql);
          const uow = unitOfWork(openRepositories(sql), callbacks);
          try {
            return await work(uow);
          } finally {
            uow.end();
          }
        });
        this.runCallbacks(callbacks);
        return value;
      } catch (err) {
        if (!isRetryable(err) || attempt >= MAX_ATTEMPTS) throw err;
        await pause(attempt);
      }
    }
  }

  /** `work` between `begin` and COMMIT on a pooled connection; anything thrown rolls it back. */
  private async inTransaction<T>(begin: string, work: (sql: PgSql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((err: unknown) => {
      throw unreachable(err);
    });
    const sql = new PgSql(client, this.options.instanceId);
    let broken: Error | undefined;
    try {
      await sql.exec(begin);
      const value = await work(sql);
      await sql.exec('COMMIT');
      return value;
    } catch (err) {
      // a connection that cannot even roll back is dropped, not handed to the next caller
      await sql.exec('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError as Error;
      });
      throw isUnreachable(err) ? unreachable(err) : err;
    } finally {
      client.release(broken);
    }
  }

  private runCallbacks(callbacks: ReadonlyArray<() => void>): void {
    for (const callback of callbacks) {
      try {
        callback();
      } catch (err) {
        this.options.onCallbackError(err);
      }
    }
  }
}
