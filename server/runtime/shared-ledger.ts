import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventBus } from '../events/event-bus';
import type { StoredEvent } from '../storage/records';
import { migratePg, openPgClient, openPgPool } from '../storage/postgres/pg-database';
import { PgEventRelay } from '../storage/postgres/pg-event-relay';
import { PgLeaderLease, type LeaseListener } from '../storage/postgres/pg-leader-lease';
import { PgStorage } from '../storage/postgres/pg-storage';

type Log = {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
};

/** How long a webhook delivery stays claimed by the instance sending it: the send's timeout, and then some. */
export const DELIVERY_CLAIM_MS = 30_000;

/**
 * The ledger on PostgreSQL, shared by every instance of the service: the storage, the watcher's
 * lease (one instance watches the chain, its writes fenced by the lease's epoch) and the relay that
 * brings events other instances committed to this instance's live streams.
 */
export interface SharedLedger {
  instanceId: string;
  /** DELIVERY_CLAIM_MS, for the webhook dispatcher */
  deliveryClaimMs: number;
  storage: PgStorage;
  /** the storage the chain watcher writes through: fenced by the lease */
  watcherStorage: PgStorage;
  /** runs `listener.acquired` on the instance that takes the watcher's lease, `lost` when it goes */
  watchWhenLeader(listener: LeaseListener): void;
  /** events committed by other instances reach `bus`; call once the services exist */
  relayTo(bus: EventBus, onError: (err: unknown) => void): Promise<void>;
  /** the epoch of the watcher's lease this instance holds, null on a standby */
  leaseEpoch(): bigint | null;
  close(): Promise<void>;
}

export interface SharedLedgerOptions {
  url: string;
  poolSize: number;
  onCallbackError: (err: unknown) => void;
  log: Log;
  /** how often a standby tries for the watcher's lease */
  leaseIntervalMs?: number;
}

/** Connects, migrates (once, whichever instance comes first) and returns the shared ledger. */
export async function openSharedLedger(options: SharedLedgerOptions): Promise<SharedLedger> {
  const instanceId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const applicationName = `tontill ${instanceId}`.slice(0, 63);
  const pool = openPgPool(options.url, { max: options.poolSize, applicationName });
  try {
    await migratePg(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const storage = new PgStorage(pool, { instanceId, onCallbackError: options.onCallbackError });
  const connect = () => openPgClient(options.url, applicationName);
  let lease: PgLeaderLease | null = null;
  let relay: PgEventRelay | null = null;
  let closing: Promise<void> | null = null;
  const fence = (sql: Parameters<PgLeaderLease['fence']>[0]) => {
    if (!lease) throw new Error('the watcher wrote without a lease');
    return lease.fence(sql);
  };
  return {
    instanceId,
    deliveryClaimMs: DELIVERY_CLAIM_MS,
    storage,
    watcherStorage: storage.fenced(fence),
    watchWhenLeader(listener) {
      lease = new PgLeaderLease(
        { connect, instanceId, log: options.log, intervalMs: options.leaseIntervalMs ?? 1_000 },
        listener,
      );
      lease.start();
    },
    async relayTo(bus, onError) {
      relay = new PgEventRelay({
        connect,
        instanceId,
        log: options.log,
        after: (seq, limit) => storage.read((view) => view.events.after(seq, limit)),
        lastSeq: () => storage.read((view) => view.events.lastSeq()),
        publish: (event: StoredEvent) => bus.publish(event, onError),
      });
      bus.onCommitted((event) => relay?.announcedLocally(event));
      await relay.start();
    },
    leaseEpoch: () => lease?.heldEpoch ?? null,
    close: () =>
      (closing ??= (async () => {
        await lease?.stop();
        await relay?.stop();
        await storage.close();
        await pool.end();
      })()),
  };
}
