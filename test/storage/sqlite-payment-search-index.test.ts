// The search box's trigram index follows the payments after the fact (migration 016): creating an
// invoice writes no FTS5 segment, a background chunk per turn indexes what was made, and a search
// catches up the rest itself, so it never misses a payment committed before it.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { SEARCH_INDEX_CHUNK } from '../../server/storage/sqlite/sqlite-payment-search';
import { SqliteStorage } from '../../server/storage/sqlite/sqlite-storage';
import { eventually } from '../e2e/e2e-helpers';
import { tempDir } from '../helpers/test-app';
import { newPayment } from './storage-contract';

const dir = tempDir('tontill-search-index-');
afterAll(() => dir.remove());

function openLedger() {
  const db = openDatabase(join(dir.path, `${Math.random().toString(36).slice(2)}.db`));
  const observer = new BetterSqlite3(db.name, { readonly: true });
  const errors: unknown[] = [];
  const storage = new SqliteStorage(db, (err) => errors.push(err));
  const indexedThrough = () =>
    (observer.prepare('SELECT indexed_through AS n FROM payment_search_progress').get() as { n: number }).n;
  const indexedRows = () =>
    (
      observer.prepare('SELECT count(*) AS n FROM payment_search WHERE payment_search MATCH \'"pay"\'').get() as {
        n: number;
      }
    ).n;
  return { storage, observer, errors, indexedThrough, indexedRows };
}

describe('the payment search index, off the invoice transaction', () => {
  it('creating a payment writes no index row; a search right after still finds it', async () => {
    const { storage, observer, errors, indexedRows } = openLedger();
    const payment = newPayment({ description: 'Walnut sourdough loaf' });
    await storage.write((uow) => uow.payments.insert(payment));
    // the insert's own transaction left the index alone: nothing was indexed yet
    expect(indexedRows()).toBe(0);
    const found = await storage.read((view) => view.payments.search({ search: 'SOURDOUGH', limit: 10 }));
    expect(found.map((p) => p.id)).toEqual([payment.id]);
    expect(indexedRows()).toBe(1);
    await storage.close();
    observer.close();
    expect(errors).toEqual([]);
  });

  it('indexes a burst of payments in the background, a chunk at a time, each once', async () => {
    const { storage, observer, errors, indexedThrough, indexedRows } = openLedger();
    const burst = SEARCH_INDEX_CHUNK * 2 + 17;
    await storage.write(async (uow) => {
      for (let i = 0; i < burst; i += 1) await uow.payments.insert(newPayment());
    });
    await eventually(indexedThrough, (through) => through === burst);
    expect(indexedRows()).toBe(burst);
    // a search then has nothing to catch up, and finds each payment once
    const found = await storage.read((view) => view.payments.search({ search: 'pay_contract', limit: burst + 5 }));
    expect(found).toHaveLength(burst);
    expect(indexedRows()).toBe(burst);
    await storage.close();
    observer.close();
    expect(errors).toEqual([]);
  });
});
