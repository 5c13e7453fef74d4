import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  migratePg,
  openPgClient,
  openPgPool,
  PgSchemaFromFutureError,
} from '../../server/storage/postgres/pg-database';
import { PgEventRelay } from '../../server/storage/postgres/pg-event-relay';
import { FencedOutError, PgLeaderLease } from '../../server/storage/postgres/pg-leader-lease';
import { PgStorage } from '../../server/storage/postgres/pg-storage';
import type { StoredEvent } from '../../server/storage/records';
import { LedgerUnavailableError } from '../../server/storage/storage-port';
import { tempDir } from '../helpers/test-app';
import { dropTestDatabase, testDatabaseUrl } from '../helpers/test-database';
import { newPayment, storageContract } from '../storage/storage-contract';

const dirs: Array<ReturnType<typeof tempDir>> = [];

/** A fresh, migrated database of its own, and a pool on it. */
async function freshDatabase(): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const dir = tempDir('tontill-pg-');
  dirs.push(dir);
  const url = await testDatabaseUrl(dir.path);
  const pool = openPgPool(url, { max: 8 });
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      await dropTestDatabase(dir.path);
    },
  };
}

afterAll(() => {
  for (const dir of dirs) dir.remove();
});

storageContract('PostgreSQL', async () => {
  const db = await freshDatabase();
  const storage = new PgStorage(db.pool, { instanceId: 'contract', onCallbackError: () => undefined });
  const observer = new pg.Client({ connectionString: db.url });
  await observer.connect();
  return {
    storage,
    visibleOutside: async (id) => (await observer.query('SELECT 1 FROM payments WHERE id = $1', [id])).rowCount === 1,
    async close() {
      await storage.close();
      await observer.end();
      await db.drop();
    },
  };
});

describe('PostgreSQL storage', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db.drop());

  it('runs racing units of work as if one ran after the other: the loser of a serialization conflict runs again', async () => {
    const storage = new PgStorage(db.pool, { instanceId: 'a', onCallbackError: () => undefined });
    const p = newPayment({ amount: 1_000_000n });
    await storage.write((uow) => uow.payments.insert(p));
    let runs = 0;
    // ten jobs each read the paid amount and add one: without serializability some increments are lost
    await Promise.all(
      Array.from({ length: 10 }, () =>
        storage.write(async (uow) => {
          runs += 1;
          const current = (await uow.payments.findById(p.id))!;
          await new Promise((r) => setTimeout(r, 5));
          await uow.payments.updateState({
            ...current,
            paidAmount: current.paidAmount + 1n,
            updatedAt: current.updatedAt + 1,
          });
        }),
      ),
    );
    expect((await storage.read((v) => v.payments.findById(p.id)))!.paidAmount).toBe(10n);
    expect(runs, 'some jobs lost the race and ran again').toBeGreaterThan(10);
  });

  it('runs afterCommit callbacks of the attempt that committed only', async () => {
    const storage = new PgStorage(db.pool, { instanceId: 'a', onCallbackError: () => undefined });
    const p = newPayment();
    await storage.write((uow) => uow.payments.insert(p));
    const announced: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        storage.write(async (uow) => {
          const current = (await uow.payments.findById(p.id))!;
          uow.afterCommit(() => announced.push(i));
          await new Promise((r) => setTimeout(r, 5));
          await uow.payments.updateState({ ...current, updatedAt: current.updatedAt + 1 });
        }),
      ),
    );
    expect(announced.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers a write with "the ledger is unavailable" (a 503, saying to try again) when PostgreSQL does not answer', async () => {
    const nowhere = openPgPool('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const storage = new PgStorage(nowhere, { instanceId: 'a', onCallbackError: () => undefined });
    const refused = await storage.write((uow) => uow.payments.insert(newPayment())).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(LedgerUnavailableError);
    expect((refused as LedgerUnavailableError).advice).toMatch(/database does not answer.*try again/);
    await nowhere.end();
  });

  it('refuses a database migrated by a newer build, and migrates a new one once however many instances start together', async () => {
    const other = await freshDatabase();
    await Promise.all([migratePg(other.pool), migratePg(other.pool), migratePg(other.pool)]);
    await other.pool.query('UPDATE schema_version SET version = 99');
    await expect(migratePg(other.pool)).rejects.toThrow(PgSchemaFromFutureError);
    await other.drop();
  });
});

describe("the watcher's lease", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const leases: PgLeaderLease[] = [];
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((l) => l.stop()));
  });
  afterAll(() => db.drop());

  function lease(name: string, log: string[], intervalMs: number): PgLeaderLease {
    const l = new PgLeaderLease(
      { connect: () => openPgClient(db.url, `lease ${name}`), instanceId: name, intervalMs },
      {
        acquired: (epoch) => log.push(`${name} acquired ${epoch}`),
        lost: () => log.push(`${name} lost`),
      },
    );
    leases.push(l);
    l.start();
    return l;
  }

  it('is held by one instance; when its connection dies another takes over, and a write fenced by the old epoch is refused', async () => {
    const log: string[] = [];
    // a retries slowly, so b (quick) is the one that takes over once a's connection is gone
    const a = lease('a', log, 5_000);
    await expect.poll(() => a.heldEpoch).not.toBeNull();
    const b = lease('b', log, 50);
    const storage = new PgStorage(db.pool, { instanceId: 'x', onCallbackError: () => undefined });
    const asA = storage.fenced(a.fence);
    await asA.write((uow) => uow.payments.insert(newPayment()));
    expect(b.heldEpoch, 'a standby while a holds the lease').toBeNull();

    // a paused leader: its transaction has begun when the database drops its lease connection
    let release!: () => void;
    const paused = new Promise<void>((r) => {
      release = r;
    });
    const stale = newPayment();
    let begun!: () => void;
    const fenceChecked = new Promise<void>((r) => {
      begun = r;
    });
    const late = asA.write(async (uow) => {
      begun();
      await paused;
      await uow.payments.insert(stale);
    });
    await fenceChecked;
    await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lease a'");
    // b's bump of the epoch waits for a's fenced transaction: nothing of a's commits after the handover
    release();
    await late;
    await expect.poll(() => b.heldEpoch).not.toBeNull();
    expect(log).toContain('a lost');
    await expect(asA.write((uow) => uow.payments.insert(newPayment()))).rejects.toThrow(FencedOutError);
    const asB = storage.fenced(b.fence);
    await asB.write((uow) => uow.payments.insert(newPayment()));
    const holders = await db.pool.query(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7311003 AND granted",
    );
    expect(holders.rows[0]).toEqual({ n: 1 });
  });
});

describe('live updates between instances', () => {
  it('hands each instance the events other instances committed, once, and not its own', async () => {
    const db = await freshDatabase();
    const one = new PgStorage(db.pool, { instanceId: 'one', onCallbackError: () => undefined });
    const two = new PgStorage(db.pool, { instanceId: 'two', onCallbackError: () => undefined });
    const heardByTwo: StoredEvent[] = [];
    const relay = new PgEventRelay({
      connect: () => openPgClient(db.url),
      instanceId: 'two',
      after: (seq, limit) => two.read((v) => v.events.after(seq, limit)),
      lastSeq: () => two.read((v) => v.events.lastSeq()),
      publish: (event) => heardByTwo.push(event),
    });
    await relay.start();
    const append = (storage: PgStorage, type: 'payment.created' | 'payment.paid') =>
      storage.write(async (uow) => {
        const event = await uow.events.append({
          id: `evt_${Math.random().toString(36).slice(2)}`,
          type,
          paymentId: null,
          createdAt: Date.now(),
          data: {},
        });
        if (storage === two) relay.announcedLocally(event);
        return event;
      });
    const fromOne = await Promise.all([append(one, 'payment.created'), append(one, 'payment.paid')]);
    await append(two, 'payment.created');
    await expect
      .poll(() => heardByTwo.map((e) => e.id))
      .toEqual(fromOne.sort((x, y) => x.seq - y.seq).map((e) => e.id));
    await relay.stop();
    await db.drop();
  });
});
