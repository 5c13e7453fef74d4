import BetterSqlite3 from 'better-sqlite3';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Database } from '../../server/db/database';
import { SqliteStorage } from '../../server/storage/sqlite/sqlite-storage';
import { walFlusher } from '../../server/storage/sqlite/wal-sync';
import { tempDir } from '../helpers/test-app';
import { newPayment, storageContract } from './storage-contract';

const dir = tempDir('tontill-storage-');
afterAll(() => dir.remove());

type FlushWal = () => Promise<void>;

/** A migrated ledger, not held exclusively, so a second connection can watch what is committed. */
function openLedger(flushWal?: FlushWal): {
  db: Database;
  observer: BetterSqlite3.Database;
  storage: SqliteStorage;
  errors: unknown[];
} {
  const db = openDatabase(join(dir.path, `${Math.random().toString(36).slice(2)}.db`));
  const observer = new BetterSqlite3(db.name, { readonly: true });
  const errors: unknown[] = [];
  return {
    db,
    observer,
    storage: new SqliteStorage(db, (err) => errors.push(err), flushWal ? { flushWal } : {}),
    errors,
  };
}

/** The disk, held by the test: each flush of the WAL waits until the test confirms or fails it. */
function heldDisk() {
  const flushes: Array<{ confirm(): void; fail(error: Error): void }> = [];
  const flushWal: FlushWal = () =>
    new Promise<void>((confirm, fail) => {
      flushes.push({ confirm, fail });
    });
  return { flushWal, flushes };
}

/** Lets the event loop turn until `condition` holds (the storage works across turns). */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn > 10_000) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return { promise, settled: () => settled };
}

storageContract('SQLite', async () => {
  const { db, observer, storage } = openLedger();
  const visible = observer.prepare('SELECT 1 FROM payments WHERE id = ?').pluck();
  return {
    storage,
    visibleOutside: async (id) => visible.get(id) !== undefined,
    close: async () => {
      await storage.close();
      observer.close();
      closeDatabase(db);
    },
  };
});

describe('SQLite storage', () => {
  let ledger: ReturnType<typeof openLedger>;
  beforeEach(() => {
    ledger = openLedger();
  });
  afterEach(() => {
    ledger.observer.close();
    closeDatabase(ledger.db);
  });

  it('group commit: writes issued together share one commit, and a job sees the jobs before it in the batch', async () => {
    const { storage, observer } = ledger;
    const visibleOutside = (id: string) =>
      observer.prepare('SELECT 1 FROM payments WHERE id = ?').get(id) !== undefined;
    const payments = [newPayment(), newPayment(), newPayment()];
    const written = await Promise.all(
      payments.map((p, i) =>
        storage.write(async (uow) => {
          await uow.payments.insert(p);
          return {
            earlierVisible: i > 0 && visibleOutside(payments[i - 1]!.id),
            earlierSeen: i > 0 && (await uow.payments.findById(payments[i - 1]!.id)) !== null,
          };
        }),
      ),
    );
    expect(written.map((w) => [w.earlierVisible, w.earlierSeen])).toEqual([
      [false, false],
      [false, true],
      [false, true],
    ]);
  });

  it('a batch waits for the reads in progress, which see the state before it', async () => {
    const p = newPayment();
    let release!: () => void;
    const proceed = {
      promise: new Promise<void>((r) => {
        release = r;
      }),
    };
    const reading = ledger.storage.read(async (v) => {
      await proceed.promise;
      return v.payments.findById(p.id);
    });
    const writing = ledger.storage.write((uow) => uow.payments.insert(p));
    const written = tracked(writing);
    await turns(3);
    expect(written.settled(), 'one connection: the batch waits for the read').toBe(false);
    release();
    expect(await reading).toBeNull();
    expect((await writing).id).toBe(p.id);
    expect(await ledger.storage.read((v) => v.payments.findById(p.id))).not.toBeNull();
  });

  it('reports a callback that throws and still runs the others', async () => {
    const ran: string[] = [];
    await ledger.storage.write(async (uow) => {
      uow.afterCommit(() => {
        throw new Error('listener broke');
      });
      uow.afterCommit(() => ran.push('second'));
    });
    expect(ran).toEqual(['second']);
    expect(ledger.errors).toEqual([new Error('listener broke')]);
  });

  it('refuses afterCommit from a job that has already ended', async () => {
    let leaked: { afterCommit(callback: () => void): void } | null = null;
    await ledger.storage.write(async (uow) => {
      leaked = uow;
    });
    expect(() => leaked!.afterCommit(() => undefined)).toThrow(/not awaited/);
  });

  it('answers every job of a batch that cannot commit with the error that stopped it', async () => {
    ledger.db.close();
    const outcomes = await Promise.allSettled(
      [newPayment(), newPayment()].map((p) => ledger.storage.write((uow) => uow.payments.insert(p))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/not open/);
  });

  it('whenWritten resolves once what was admitted before it is durable', async () => {
    const p = newPayment();
    void ledger.storage.write((uow) => uow.payments.insert(p));
    await ledger.storage.whenWritten();
    expect(ledger.observer.prepare('SELECT id FROM payments WHERE id = ?').pluck().get(p.id)).toBe(p.id);
  });
});

describe('SQLite storage and the disk', () => {
  let ledger: ReturnType<typeof openLedger>;
  let disk: ReturnType<typeof heldDisk>;
  beforeEach(() => {
    disk = heldDisk();
    ledger = openLedger(disk.flushWal);
  });
  afterEach(() => {
    ledger.observer.close();
    closeDatabase(ledger.db);
  });
  const committed = (id: string) =>
    ledger.observer.prepare('SELECT 1 FROM payments WHERE id = ?').pluck().get(id) === 1;

  it('takes over the WAL sync from SQLite (commits no longer wait for the disk on the event loop), journals savepoints in memory and checkpoints less often', () => {
    expect(ledger.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(ledger.db.pragma('temp_store', { simple: true })).toBe(2);
    expect(ledger.db.pragma('wal_autocheckpoint', { simple: true })).toBe(25_000);
    expect(ledger.db.pragma('cache_size', { simple: true })).toBe(-8_192);
  });

  it('answers a write, and announces it, only once the disk has confirmed the WAL holding its commit', async () => {
    const p = newPayment();
    const announced: string[] = [];
    const write = tracked(
      ledger.storage.write(async (uow) => {
        uow.afterCommit(() => announced.push(p.id));
        return uow.payments.insert(p);
      }),
    );
    await until(() => disk.flushes.length === 1);
    expect(committed(p.id)).toBe(true);
    await turns(50);
    expect(write.settled()).toBe(false);
    expect(announced).toEqual([]);
    disk.flushes[0]!.confirm();
    expect((await write.promise).id).toBe(p.id);
    expect(announced).toEqual([p.id]);
  });

  it('lets the next batch commit while one waits for the disk, and confirms it with a flush begun after its commit', async () => {
    const [a, b] = [newPayment(), newPayment()];
    const first = tracked(ledger.storage.write((uow) => uow.payments.insert(a)));
    await until(() => disk.flushes.length === 1);
    const second = tracked(ledger.storage.write((uow) => uow.payments.insert(b)));
    await until(() => committed(b.id));
    // the flush in flight may have started before b reached the WAL: it cannot confirm b
    disk.flushes[0]!.confirm();
    await first.promise;
    await until(() => disk.flushes.length === 2);
    expect(second.settled()).toBe(false);
    disk.flushes[1]!.confirm();
    await second.promise;
  });

  it('refuses the writes a failed flush was to confirm, and every write after it, naming the disk', async () => {
    const [a, b] = [newPayment(), newPayment()];
    const first = ledger.storage.write((uow) => uow.payments.insert(a));
    await until(() => disk.flushes.length === 1);
    disk.flushes[0]!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(first).rejects.toThrow(/disk did not confirm.*EIO/);
    await expect(ledger.storage.write((uow) => uow.payments.insert(b))).rejects.toThrow(/disk did not confirm/);
    expect(committed(b.id)).toBe(false);
    await expect(ledger.storage.whenWritten()).rejects.toThrow(/disk did not confirm/);
  });

  it('whenWritten waits for the disk, not only for the commit', async () => {
    void ledger.storage.write((uow) => uow.payments.insert(newPayment()));
    await until(() => disk.flushes.length === 1);
    const written = tracked(ledger.storage.whenWritten());
    await turns(50);
    expect(written.settled()).toBe(false);
    disk.flushes[0]!.confirm();
    await written.promise;
  });
});

describe('flushing the WAL to the disk', () => {
  it.runIf(existsSync('/proc/self/fd'))(
    'has nothing to flush before the ledger is written, then flushes its WAL through one handle until closed',
    async () => {
      const ledger = join(dir.path, 'flushed.db');
      const flusher = walFlusher(ledger);
      await expect(flusher.flush()).resolves.toBeUndefined();
      const db = openDatabase(ledger, { exclusive: true });
      try {
        db.exec('CREATE TABLE written (x)');
        await flusher.flush();
        db.exec('INSERT INTO written VALUES (1)');
        await flusher.flush();
        const handles = () =>
          readdirSync('/proc/self/fd').filter((fd) => {
            try {
              return readlinkSync(`/proc/self/fd/${fd}`) === `${ledger}-wal`;
            } catch {
              return false;
            }
          });
        // SQLite's own handle, and ours
        expect(handles()).toHaveLength(2);
        flusher.close();
        expect(handles()).toHaveLength(1);
      } finally {
        closeDatabase(db);
      }
    },
  );

  it('finds nothing to flush for a ledger whose folder does not exist', async () => {
    await expect(walFlusher(join(dir.path, 'no-such-folder', 'x.db')).flush()).resolves.toBeUndefined();
  });
});
