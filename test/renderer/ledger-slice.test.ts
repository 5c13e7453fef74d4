import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LedgerInfo } from '../../contract/console';
import {
  selectBackups,
  selectBackupsActions,
  selectBackupsKind,
  selectBackupState,
  selectLedger,
  selectStandsBy,
} from '../../renderer/features/backups/slice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

/**
 * Where the ledger lives, as the backups slice learns it before asking for backups. The renderer tests run on
 * SQLite only, so the PostgreSQL answer is the one the service gives there (test/server/ledger-info.test.ts
 * checks it in the postgres project), put in place of this service's; every other call reaches the service.
 */
describe('backups slice: the ledger first, and no backups asked for on PostgreSQL', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * Records the console API paths called; `ledger`, when given, answers GET /ledger in place of the
   * service. The spy sees every fetch of this process, the service's own included: only the console
   * API's are the slice's.
   */
  function watchCalls(ledger?: LedgerInfo): string[] {
    const paths: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const pathname = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (!pathname.startsWith('/console/api/')) return realFetch(input, init);
      const path = pathname.replace('/console/api', '');
      paths.push(path);
      if (ledger && path === '/ledger') return Response.json(ledger);
      return realFetch(input, init);
    });
    return paths;
  }

  const shared = (watching: boolean): LedgerInfo => ({
    engine: 'postgres',
    instance: 'shop-1-4242-a1b2c3',
    watching,
    capabilities: { backups: 'external', sharedLedger: true },
  });

  it('on SQLite: asks where the ledger lives once, then loads the backups as before', async () => {
    const calls = watchCalls();
    const store = h.newStore();
    const { loadBackups } = selectBackupsActions(store.getState());
    await loadBackups();
    expect(selectLedger(store.getState())).toEqual({
      engine: 'sqlite',
      instance: null,
      watching: expect.any(Boolean),
      capabilities: { backups: 'file', sharedLedger: false },
    });
    expect(selectBackupsKind(store.getState())).toBe('file');
    expect(selectStandsBy(store.getState())).toBe(false);
    expect(selectBackups(store.getState())?.settings.keep).toBe(14);
    await loadBackups();
    expect(calls).toEqual(['/ledger', '/backups', '/backups']);
  });

  it('on PostgreSQL: knows the engine, this instance and its part, and never calls the backups API', async () => {
    const calls = watchCalls(shared(true));
    const store = h.newStore();
    const { loadBackups } = selectBackupsActions(store.getState());
    await loadBackups();
    expect(selectBackupsKind(store.getState())).toBe('external');
    expect(selectLedger(store.getState())).toEqual(shared(true));
    expect(selectBackups(store.getState())).toBeNull();
    expect(selectBackupState(store.getState())).toBeNull();

    // a live backup frame (none comes on PostgreSQL, but one must not make the slice ask) and a second visit
    store.getState().applyBackupOutcome({ ok: true, at: new Date().toISOString(), file: '/x/tontill.db', bytes: 10 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await loadBackups();
    expect(calls.filter((p) => p.startsWith('/backup'))).toEqual([]);
    expect(calls).toEqual(['/ledger', '/ledger', '/ledger']);
    expect(store.getState().toasts).toEqual([]);
  });

  it('on PostgreSQL: each load asks again, so a standby that takes over shows as watching', async () => {
    watchCalls(shared(false));
    const store = h.newStore();
    await selectBackupsActions(store.getState()).loadBackups();
    expect(selectLedger(store.getState())?.watching).toBe(false);
    expect(selectStandsBy(store.getState())).toBe(true);
    vi.restoreAllMocks();
    watchCalls(shared(true));
    await selectBackupsActions(store.getState()).loadLedger();
    expect(selectLedger(store.getState())?.watching).toBe(true);
    expect(selectStandsBy(store.getState())).toBe(false);
  });

  it('goes by the capabilities, not the engine: a ledger whose backups are made elsewhere is never asked for backups, whatever it runs on', async () => {
    const calls = watchCalls({
      engine: 'sqlite',
      instance: null,
      watching: false,
      capabilities: { backups: 'external', sharedLedger: false },
    });
    const store = h.newStore();
    const { loadBackups } = selectBackupsActions(store.getState());
    await loadBackups();
    await loadBackups();
    expect(selectBackupsKind(store.getState())).toBe('external');
    // not shared: asked once, and no standby even though it does not watch
    expect(selectStandsBy(store.getState())).toBe(false);
    expect(calls).toEqual(['/ledger']);
    expect(store.getState().toasts).toEqual([]);
  });

  it('the dashboard and Settings asking together make one request for the ledger', async () => {
    const calls = watchCalls(shared(false));
    const store = h.newStore();
    const { loadBackups, loadLedger } = selectBackupsActions(store.getState());
    await Promise.all([loadBackups(), loadBackups(), loadLedger()]);
    expect(calls).toEqual(['/ledger']);
  });

  it('when the ledger cannot be asked about, says so once and asks for no backups', async () => {
    const calls = watchCalls();
    vi.mocked(globalThis.fetch).mockImplementationOnce(async (input) => {
      calls.push(new URL(String(input)).pathname.replace('/console/api', ''));
      throw new TypeError('fetch failed');
    });
    const store = h.newStore();
    await selectBackupsActions(store.getState()).loadBackups();
    expect(calls).toEqual(['/ledger']);
    expect(selectLedger(store.getState())).toBeNull();
    expect(store.getState().toasts).toHaveLength(1);
    expect(lastToast(store.getState())).toMatch(/^Could not load the backups/);
  });
});
