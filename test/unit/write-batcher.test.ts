import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteBatcher } from '../../server/db/write-batcher';
import { tempDir } from '../helpers/test-app';

describe('group commit', () => {
  const dir = tempDir();
  let db: BetterSqlite3.Database;
  let observer: BetterSqlite3.Database;
  let batcher: WriteBatcher;
  const errors: unknown[] = [];
  beforeEach(() => {
    db = new BetterSqlite3(join(dir.path, `${Math.random()}.db`));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (v TEXT UNIQUE)');
    observer = new BetterSqlite3(db.name, { readonly: true });
    batcher = new WriteBatcher(db, (err) => errors.push(err));
  });
  afterEach(() => { observer.close(); db.close(); });

  const commits = () => observer.pragma('data_version', { simple: true }) as number;
  const rows = () => (observer.prepare('SELECT v FROM t ORDER BY v').all() as Array<{ v: string }>).map((r) => r.v);
  const insert = (v: string) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;

  it('writes issued in the same turn share one commit, and each caller hears only after it', async () => {
    const before = commits();
    const results = await Promise.all(['a', 'b', 'c'].map((v) => batcher.run(insert(v))));
    expect(results).toEqual([1, 1, 1]);
    expect(rows()).toEqual(['a', 'b', 'c']);
    expect(commits()).toBe(before + 1);
  });

  it("one job's failure rolls back only that job", async () => {
    const outcomes = await Promise.allSettled([batcher.run(insert('x')), batcher.run(insert('x')), batcher.run(insert('y'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(rows()).toEqual(['x', 'y']);
  });

  it('runs after-commit callbacks once the batch is durable, and at once outside a batch', async () => {
    const seen: string[][] = [];
    await batcher.run(() => {
      insert('p')();
      batcher.afterCommit(() => seen.push(rows()));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['p']]);
    batcher.afterCommit(() => seen.push(['now']));
    expect(seen).toEqual([['p'], ['now']]);
  });

  it('drops the after-commit callbacks of a job that fails, keeping the others', async () => {
    const callbacks: string[] = [];
    const outcomes = await Promise.allSettled([
      batcher.run(() => { batcher.afterCommit(() => callbacks.push('kept')); return insert('k')(); }),
      batcher.run(() => { batcher.afterCommit(() => callbacks.push('dropped')); return insert('k')(); }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(callbacks).toEqual(['kept']);
    expect(rows()).toEqual(['k']);
  });
});
