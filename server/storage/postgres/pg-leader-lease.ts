import type pg from 'pg';
import { DomainError, DomainErrorKind } from '../../domain/errors';
import type { Fence } from './pg-storage';

/** The advisory lock every instance tries for the chain watcher. */
const WATCHER_LOCK = 7_311_003;

/**
 * A write of the chain watcher from an instance that does not hold the lease (any more): a 409 when
 * a request caused it (the sandbox simulator polls on the instance it was asked on).
 */
export class FencedOutError extends DomainError {
  constructor(held: bigint | null, current: bigint | null) {
    super(
      DomainErrorKind.invalidTransition,
      held === null
        ? 'this instance does not watch the chain (another instance of this store does): only the watching instance credits what it sees'
        : `this instance watched the chain as epoch ${held}, but the lease is at ${current ?? 'none'}: another instance took over`,
    );
    this.name = 'FencedOutError';
  }
}

export interface LeaseListener {
  /** this instance now holds the lease: start the duty */
  acquired(epoch: bigint): void;
  /** it no longer does (its connection died, or the lease stopped): stop the duty at once */
  lost(): void;
}

export interface LeaderLeaseOptions {
  /** a dedicated connection: losing it releases the advisory lock, which is what hands the lease over */
  connect: () => pg.Client;
  instanceId: string;
  /** how often a standby tries for the lock and the holder checks its connection */
  intervalMs?: number;
  log?: {
    info(fields: Record<string, unknown>, message: string): void;
    warn(fields: Record<string, unknown>, message: string): void;
  };
}

/**
 * Exactly one instance runs the chain watcher: the one holding a session advisory lock on a connection
 * of its own. PostgreSQL releases the lock when that connection ends (the instance died, or the
 * network dropped it), and a standby trying every `intervalMs` takes over.
 *
 * A lock alone is not enough: a leader paused mid-batch (a long GC, a stopped VM) may wake after its
 * connection was dropped and commit a credit computed from a stale cursor. So taking the lock bumps
 * the lease's epoch, and every write of the watcher is fenced: its transaction first reads the epoch
 * `FOR SHARE` and refuses to go on if it is not the one this instance took. The new leader's bump
 * waits for a fenced transaction in flight to end, so none can commit after the handover.
 */
export class PgLeaderLease {
  private client: pg.Client | null = null;
  private epoch: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: LeaderLeaseOptions,
    private readonly listener: LeaseListener,
  ) {}

  get heldEpoch(): bigint | null {
    return this.epoch;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops trying; a holder lets go of the lock (its duty is stopped first by `lost`). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    this.dropConnection();
  }

  /** The check every write of the duty runs first, inside its own transaction. */
  readonly fence: Fence = async (sql) => {
    const held = this.epoch;
    const row = await sql.one<{ epoch: bigint }>("SELECT epoch FROM leases WHERE name = 'watcher' FOR SHARE");
    if (held === null || row?.epoch !== held) throw new FencedOutError(held, row?.epoch ?? null);
  };

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => this.schedule(this.options.intervalMs ?? 1_000));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    try {
      if (this.epoch !== null) await this.client!.query('SELECT 1');
      else await this.tryAcquire();
    } catch (err) {
      this.options.log?.warn({ err }, 'the watcher lease connection failed; trying again');
      this.dropConnection();
    }
  }

  private async tryAcquire(): Promise<void> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      WATCHER_LOCK,
    ]);
    if (!rows[0]?.locked || !this.running) {
      if (rows[0]?.locked) await client.query('SELECT pg_advisory_unlock($1)', [WATCHER_LOCK]);
      return;
    }
    const taken = await client.query<{ epoch: bigint }>(
      "UPDATE leases SET epoch = epoch + 1, holder = $1, acquired_at = now() WHERE name = 'watcher' RETURNING epoch",
      [this.options.instanceId],
    );
    this.epoch = taken.rows[0]!.epoch;
    this.options.log?.info(
      { epoch: String(this.epoch), instance: this.options.instanceId },
      'this instance now watches the chain',
    );
    this.listener.acquired(this.epoch);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = this.options.connect();
    // a connection that dies takes the lock with it: whatever this instance was doing as leader stops now
    client.on('error', () => this.dropConnection());
    client.on('end', () => this.dropConnection());
    this.client = client;
    await client.connect();
    return client;
  }

  private dropConnection(): void {
    const client = this.client;
    this.client = null;
    if (this.epoch !== null) {
      this.epoch = null;
      this.listener.lost();
    }
    if (client) void client.end().catch(() => undefined);
  }
}
