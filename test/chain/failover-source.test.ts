import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@ton/core';
import { classifyChainError, createToncenterSource } from '../../server/chain/toncenter-source';
import { createTonapiSource } from '../../server/chain/tonapi-source';
import { createFailoverSource, type FailoverChange, type NamedSource } from '../../server/chain/failover-source';
import type { ChainSource } from '../../server/chain/types';
import { createChainWatcher } from '../../server/watcher/chain-watcher';
import { startToncenterDouble, type ExitCodeReport, type ToncenterFaults } from './toncenter-double';
import { startTonapiDouble } from './tonapi-double';
import { createWalletHistory, type WalletHistory } from './wallet-history';
import { createLedger, hashes, unlimited } from './watcher-harness';

const KEY = 'tonapi-key-0123456789abcdef';
const T0 = 1_700_000_000_000;
const RETRY_MS = 60_000;
let history: WalletHistory;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  history = await createWalletHistory(32);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((double) => double.close()));
});

interface RigOptions {
  primary: 'toncenter' | 'tonapi';
  /** the primary's request timeout */
  timeoutMs?: number;
  /** wraps the primary, to break it at a chosen moment */
  wrap?: (source: ChainSource) => ChainSource;
}

/** Both doubles serve the first `served` transactions; the watcher polls through the failover source. */
async function rig({ primary, timeoutMs = 10_000, wrap = (s) => s }: RigOptions, served = 20) {
  // every account reads as uninitialised to a get method: exit code -13, however toncenter reports it
  const toncenter = await startToncenterDouble({ runGetMethod: async () => ({ exitCode: -13, stack: [] }) });
  const tonapi = await startTonapiDouble({ apiKey: KEY });
  opened.push(toncenter, tonapi);
  const timeout = (name: string) => (name === primary ? timeoutMs : 10_000);
  const named: NamedSource[] = [
    {
      name: 'toncenter',
      source: createToncenterSource({
        mode: 'testnet',
        endpoint: toncenter.endpoint,
        limiter: unlimited,
        timeoutMs: timeout('toncenter'),
      }),
    },
    {
      name: 'tonapi',
      source: createTonapiSource({
        mode: 'testnet',
        baseUrl: tonapi.url,
        apiKey: KEY,
        limiter: unlimited,
        timeoutMs: timeout('tonapi'),
      }),
    },
  ];
  if (primary === 'tonapi') named.reverse();
  named[0]!.source = wrap(named[0]!.source);
  const clock = { now: T0 };
  const logs: string[] = [];
  const log = {
    info: (fields: object, msg: string) => logs.push(`${msg} ${JSON.stringify(fields)}`),
    warn: (fields: object, msg: string) => logs.push(`${msg} ${JSON.stringify(fields)}`),
  };
  const failover = createFailoverSource({
    sources: named,
    now: () => clock.now,
    retryPrimaryAfterMs: RETRY_MS,
    headCheckIntervalMs: 30_000,
    stallAfterMs: 60_000,
    log,
  });
  const changes: FailoverChange[] = [];
  failover.onChange((change) => changes.push(change));
  const ledger = createLedger();
  const watcher = createChainWatcher({
    source: failover,
    account: history.account,
    loadCursor: ledger.loadCursor,
    commitBatch: ledger.commitBatch,
    intervalMs: 5_000,
    pageSize: 4,
    now: () => clock.now,
  });
  let count = 0;
  const arrive = (n: number) => {
    const fresh = history.transactions.slice(count, count + n);
    count += fresh.length;
    toncenter.addTransactions(history.account, fresh);
    tonapi.addTransactions(history.account, fresh);
  };
  arrive(served);
  const committedOnce = () => expect(ledger.order).toEqual(hashes(history.transactions.slice(0, count)));
  return { toncenter, tonapi, failover, changes, logs, ledger, watcher, clock, arrive, committedOnce };
}

const states = (rigged: { failover: { status(): { providers: Array<{ name: string; state: string }> } } }) =>
  Object.fromEntries(rigged.failover.status().providers.map((p) => [p.name, p.state]));

describe('failover source under the chain watcher', () => {
  it.each<[string, Partial<ToncenterFaults>, RegExp, number?]>([
    ['HTTP 5xx', { gatewayTimeouts: 2 }, /^server: toncenter HTTP 504/],
    ['HTTP 429', { rateLimited: 2 }, /^rate_limited: toncenter HTTP 429/],
    [
      'ok:false with code 503 in an HTTP 200',
      { wrappedServerErrors: 2 },
      /^server: toncenter answered ok:false, code 503: \[Error : 0 : Unexpected string end\]/,
    ],
    [
      'ok:false with code 429 in an HTTP 200',
      { wrappedRateLimits: 2 },
      /^rate_limited: toncenter answered ok:false, code 429: Ratelimit exceeded/,
    ],
    ['a hang', { hang: 2 }, /^network: toncenter unreachable: ECONNABORTED/, 3_000],
  ])(
    'fails over on %s within the poll, stays degraded once, and recovers after the retry delay',
    async (_name, faults, error, timeoutMs) => {
      const r = await rig({ primary: 'toncenter', timeoutMs });
      expect(r.failover.status()).toEqual({
        active: 'toncenter',
        primary: 'toncenter',
        degraded: false,
        providers: [
          { name: 'toncenter', state: 'active', lastError: null, since: T0 },
          { name: 'tonapi', state: 'standby', lastError: null, since: T0 },
        ],
      });
      r.toncenter.setFaults(faults);
      await expect(r.watcher.pollNow()).resolves.toBe(20);
      expect(r.changes).toEqual([
        { kind: 'degraded', from: 'toncenter', to: 'tonapi', reason: expect.stringMatching(/^toncenter failed: /) },
      ]);
      expect(r.failover.status()).toMatchObject({
        active: 'tonapi',
        degraded: true,
        providers: [
          { state: 'failing', lastError: expect.stringMatching(error), since: T0 },
          { state: 'active', since: T0 },
        ],
      });

      r.clock.now += 10_000;
      r.arrive(3);
      const asked = r.toncenter.requests.length;
      await expect(r.watcher.pollNow()).resolves.toBe(3);
      expect(r.toncenter.requests.length).toBe(asked); // not due a retry yet

      r.clock.now += RETRY_MS;
      r.arrive(2);
      await expect(r.watcher.pollNow()).resolves.toBe(2); // the probe meets the second fault
      expect(r.toncenter.requests.length).toBe(asked + 1);
      expect(r.changes).toHaveLength(1);
      expect(r.failover.status()).toMatchObject({
        active: 'tonapi',
        degraded: true,
        providers: [{ state: 'failing', since: T0 }, { state: 'active' }],
      });

      r.clock.now += RETRY_MS;
      r.arrive(2);
      await expect(r.watcher.pollNow()).resolves.toBe(2);
      expect(r.changes[1]).toEqual({
        kind: 'recovered',
        from: 'tonapi',
        to: 'toncenter',
        reason: 'toncenter answers again',
      });
      expect(r.failover.status()).toMatchObject({ active: 'toncenter', degraded: false });
      expect(states(r)).toEqual({ toncenter: 'active', tonapi: 'standby' });
      r.committedOnce();
    },
  );

  it('fails over on a revoked key, keeps the key out of status and logs, and returns when the key works again', async () => {
    const r = await rig({ primary: 'tonapi' });
    const unsubscribe = r.failover.onChange(() => {
      throw new Error('a broken listener');
    });
    r.tonapi.setApiKey('rotated-elsewhere');
    await expect(r.watcher.pollNow()).resolves.toBe(20);
    expect(r.logs.filter((line) => line.startsWith('chain failover listener failed'))).toHaveLength(1);
    unsubscribe();
    expect(r.changes).toEqual([
      { kind: 'degraded', from: 'tonapi', to: 'toncenter', reason: expect.stringMatching(/tonapi HTTP 401/) },
    ]);
    const failing = r.failover.status().providers[0]!;
    expect(failing).toMatchObject({
      name: 'tonapi',
      state: 'failing',
      lastError: expect.stringMatching(/^rejected: tonapi HTTP 401: invalid token: Bearer \*\*\*/),
    });
    expect(JSON.stringify([r.failover.status(), r.changes, r.logs])).not.toContain(KEY);

    r.tonapi.setApiKey(KEY);
    r.clock.now += RETRY_MS;
    r.arrive(4);
    await expect(r.watcher.pollNow()).resolves.toBe(4);
    expect(r.changes.map((c) => c.kind)).toEqual(['degraded', 'recovered']);
    expect(r.logs.filter((line) => line.startsWith('chain failover listener failed'))).toHaveLength(1);
    expect(r.failover.status()).toMatchObject({ active: 'tonapi', primary: 'tonapi', degraded: false });
    r.committedOnce();
  });

  it.each<['toncenter' | 'tonapi', (r: Awaited<ReturnType<typeof rig>>) => void]>([
    ['toncenter', (r) => r.toncenter.setFaults({ gatewayTimeouts: 1_000 })],
    ['tonapi', (r) => r.tonapi.setFaults({ rateLimited: 1_000 })],
  ])(
    'commits every transaction once when the %s primary fails in the middle of a long catch-up',
    async (primary, breakPrimary) => {
      let calls = 0;
      // After two good pages the primary breaks: the poll's later pages come from the other provider.
      const wrap = (source: ChainSource): ChainSource => ({
        ...source,
        getTransactions: (account, opts) => {
          if ((calls += 1) === 3) breakPrimary(r);
          return source.getTransactions(account, opts);
        },
      });
      const r = await rig({ primary, wrap }, 34);
      await expect(r.watcher.pollNow()).resolves.toBe(34);
      r.committedOnce();
      expect(calls).toBe(3);
      const secondary =
        primary === 'toncenter'
          ? r.tonapi.requests.map((q) => q.query.has('before_lt'))
          : r.toncenter.requests.map((q) => 'lt' in q.params);
      expect(secondary.length).toBeGreaterThan(3);
      expect(secondary.every(Boolean)).toBe(true); // it only ever continued the primary's listing
      expect(r.changes).toEqual([expect.objectContaining({ kind: 'degraded', from: primary })]);
    },
  );

  it('fails over from a stalled head after stallAfterMs, and returns only once the primary has caught up', async () => {
    const r = await rig({ primary: 'toncenter' });
    await expect(r.watcher.pollNow()).resolves.toBe(20);
    r.arrive(3);
    r.toncenter.setFaults({ lag: 3 });
    for (const step of [30_000, 30_000]) {
      r.clock.now += step;
      await expect(r.watcher.pollNow()).resolves.toBe(0); // behind, but not for long enough yet
    }
    expect(r.changes).toEqual([]);
    r.clock.now += 30_001;
    await expect(r.watcher.pollNow()).resolves.toBe(3);
    const lts = history.transactions.map((tx) => tx.lt.toString());
    expect(r.changes).toEqual([
      {
        kind: 'degraded',
        from: 'toncenter',
        to: 'tonapi',
        reason: `stalled: newest transaction ${lts[19]} behind tonapi's ${lts[22]} for 60001 ms`,
      },
    ]);
    expect(r.failover.status()).toMatchObject({
      active: 'tonapi',
      degraded: true,
      providers: [{ state: 'stalled', since: r.clock.now }, { state: 'active' }],
    });

    r.clock.now += RETRY_MS;
    r.arrive(2);
    await expect(r.watcher.pollNow()).resolves.toBe(2); // the primary, asked again, is still 3 behind
    expect(r.changes).toHaveLength(1);
    expect(states(r)).toEqual({ toncenter: 'stalled', tonapi: 'active' });

    r.toncenter.setFaults({ lag: 0 });
    r.clock.now += RETRY_MS;
    r.arrive(2);
    await expect(r.watcher.pollNow()).resolves.toBe(2);
    expect(r.changes[1]).toEqual({
      kind: 'recovered',
      from: 'tonapi',
      to: 'toncenter',
      reason: `toncenter caught up: newest transaction ${lts[26]}`,
    });
    expect(states(r)).toEqual({ toncenter: 'active', tonapi: 'standby' });
    r.committedOnce();
  });
});

describe('failover source: what does not fail over', () => {
  it.each<ExitCodeReport>(['result', 'error', 'errorIn200'])(
    "passes on a get method's exit code reported as %s, without asking tonapi or leaving toncenter",
    async (exitCodes) => {
      const r = await rig({ primary: 'toncenter' });
      r.toncenter.setFaults({ exitCodes });
      const err = await r.failover.runGetMethod(history.account, 'get_wallet_data').catch((e: unknown) => e);
      expect([classifyChainError(err), (err as Error).message]).toEqual([
        'other',
        expect.stringMatching(/exit.code:? -13/i),
      ]);
      expect(r.tonapi.requests).toHaveLength(0);
      expect(r.failover.status()).toMatchObject({
        active: 'toncenter',
        degraded: false,
        providers: [{ state: 'active', lastError: null }, { state: 'standby' }],
      });
      expect(r.changes).toEqual([]);
    },
  );

  it('passes on the last error when every provider fails, kinds kept', async () => {
    const r = await rig({ primary: 'toncenter' });
    r.toncenter.setFaults({ gatewayTimeouts: 1 });
    r.tonapi.setFaults({ serverErrors: 1 });
    const last = await r.watcher.pollNow().catch((err: unknown) => err);
    expect([classifyChainError(last), (last as Error).message]).toEqual(['server', 'tonapi HTTP 502: bad gateway']);
    expect(states(r)).toEqual({ toncenter: 'failing', tonapi: 'failing' });

    await expect(r.watcher.pollNow()).resolves.toBe(20);
    expect(states(r)).toEqual({ toncenter: 'active', tonapi: 'failing' });
    expect(r.changes).toEqual([]);
    r.committedOnce();
  });

  it('is a transparent pass-through over a single source', async () => {
    const tonapi = await startTonapiDouble();
    opened.push(tonapi);
    tonapi.addTransactions(history.account, history.transactions);
    const direct = createTonapiSource({ mode: 'testnet', baseUrl: tonapi.url, limiter: unlimited });
    const single = createFailoverSource({
      sources: [{ name: 'tonapi', source: direct }],
      now: () => T0,
      headCheckIntervalMs: 0,
    });
    const page = (source: ChainSource): Promise<Transaction[]> => source.getTransactions(history.account, { limit: 5 });
    expect(hashes(await page(single))).toEqual(hashes(await page(direct)));
    tonapi.setFaults({ rateLimited: 1 });
    const err = await page(single).catch((e: unknown) => e);
    expect([classifyChainError(err), (err as Error).message]).toEqual([
      'rate_limited',
      'tonapi HTTP 429: rate limit exceeded',
    ]);
    expect(single.status().providers[0]).toMatchObject({ state: 'failing' });
    expect(hashes(await page(single))).toEqual(hashes(await page(direct)));
    expect(single.status()).toMatchObject({ active: 'tonapi', degraded: false, providers: [{ state: 'active' }] });
    expect(tonapi.requests).toHaveLength(5);
  });
});
