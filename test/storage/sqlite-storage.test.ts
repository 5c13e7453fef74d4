import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Database } from '../../server/db/database';
import { SqliteStorage } from '../../server/storage/sqlite/sqlite-storage';
import { tempDir } from '../helpers/test-app';
import { newPayment, storageContract } from './storage-contract';

const dir = tempDir('tontill-storage-');
afterAll(() => dir.remove());

/** A migrated ledger, not held exclusively, so a second connection can watch what is committed. */
function openLedger(): { db: Database; observer: BetterSqlite3.Database; storage: SqliteStorage; errors: unknown[] } {
  const db = openDatabase(join(dir.path, `${Math.random().toString(36).slice(2)}.db`));
  const observer = new BetterSqlite3(db.name, { readonly: true });
  const errors: unknown[] = [];
  return { db, observer, storage: new SqliteStorage(db, (err) => errors.push(err)), errors };
}

storageContract('SQLite', async () => {
  const { db, observer, storage } = openLedger();
  const visible = observer.prepare('SELECT 1 FROM payments WHERE id = ?').pluck();
  return {
    storage,
    visibleOutside: async (id) => visible.get(id) !== undefined,
    close: async () => {
      observer.close();
      closeDatabase(db);
    },
  };
});

describe('SQLite storage', () => {
  let ledger: ReturnType<typeof openLedger>;
  beforeEach(() => { ledger = openLedger(); });
  afterEach(() => {
    ledger.observer.close();
    closeDatabase(ledger.db);
  });
  it('reports a callback that throws and still runs the others', async () => {
    const ran: string[] = [];
    await ledger.storage.write(async (uow) => {
      uow.afterCommit(() => { throw new Error('listener broke'); });
      uow.afterCommit(() => ran.push('second'));
    });
    expect(ran).toEqual(['second']);
    expect(ledger.errors).toEqual([new Error('listener broke')]);
  });

  it('refuses afterCommit from a job that has already ended', async () => {
    let leaked: { afterCommit(callback: () => void): void } | null = null;
    await ledger.storage.write(async (uow) => { leaked = uow; });
    expect(() => leaked!.afterCommit(() => undefined)).toThrow(/not awaited/);
  });

  it('answers every job of a batch that cannot commit with the error that stopped it', async () => {
    ledger.db.close();
    const outcomes = await Promise.allSettled([newPayment(), newPayment()].map((p) => ledger.storage.write((uow) => uow.payments.insert(p))));
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
