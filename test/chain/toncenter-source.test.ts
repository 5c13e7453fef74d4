import { inspect } from 'node:util';
import { createServer } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beginCell, type TupleItem } from '@ton/core';
import {
  ChainRequestError,
  classifyChainError,
  createToncenterSource,
  type ChainErrorKind,
} from '../../server/chain/toncenter-source';
import type { GetMethodHandler, ToncenterDouble, ToncenterFaults } from './toncenter-double';
import { startToncenterDouble } from './toncenter-double';
import { createTokenBucket } from '../../server/chain/rate-limiter';
import { nextBackoffMs } from '../../server/chain/backoff';
import { createWalletHistory, type WalletHistory } from './wallet-history';
import { cursorAt, hashes, unlimited } from './watcher-harness';

const API_KEY = 'test-key-0123456789abcdef';
let history: WalletHistory;
let double: ToncenterDouble | undefined;

beforeAll(async () => {
  history = await createWalletHistory(3);
});

afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function start(runGetMethod?: GetMethodHandler) {
  double = await startToncenterDouble({ apiKey: API_KEY, runGetMethod });
  double.addTransactions(history.account, history.transactions);
  let taken = 0;
  const limiter = { take: async () => void (taken += 1) };
  const source = createToncenterSource({
    mode: 'testnet',
    endpoint: double.endpoint,
    apiKey: API_KEY,
    limiter,
    timeoutMs: 300,
  });
  return { double, source, taken: () => taken };
}

async function failureOf(promise: Promise<unknown>): Promise<ChainRequestError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChainRequestError);
  return err as ChainRequestError;
}

describe('toncenter source', () => {
  it('pages inclusively with hex hashes, to_lt and archival, through the limiter and with the key', async () => {
    const { double, source, taken } = await start();
    const [newest, previous] = [history.transactions.at(-1)!, history.transactions.at(-2)!];
    const head = await source.getTransactions(history.account, { limit: 2 });
    expect(hashes(head)).toEqual(hashes([newest, previous]));
    const page = await source.getTransactions(history.account, { limit: 2, ...cursorAt(previous), toLt: 0n });
    expect(hashes(page)).toEqual(hashes(history.transactions.slice(-3, -1).reverse()));
    expect(double.requests.at(-1)).toEqual({
      method: 'getTransactions',
      params: {
        address: history.account.toString(),
        limit: 2,
        lt: previous.lt.toString(),
        hash: cursorAt(previous).hash,
        to_lt: '0',
        archival: true,
      },
      apiKey: API_KEY,
    });
    expect(taken()).toBe(2);
  });

  it('refuses lt without hash', async () => {
    const { source } = await start();
    await expect(source.getTransactions(history.account, { limit: 2, lt: 5n })).rejects.toBeInstanceOf(TypeError);
  });

  it('runs get methods through toncenter stack encoding both ways', async () => {
    const { source } = await start(async (address, method, stack) => {
      if (method === 'echo') return { exitCode: 0, stack };
      const result = await history.blockchain.runGetMethod(address, method, stack);
      return { exitCode: result.exitCode, stack: result.stack };
    });
    const seqno = await source.runGetMethod(history.account, 'seqno');
    expect(seqno.readNumber()).toBe(1);
    const cell = beginCell().storeUint(0xdead, 16).endCell();
    const args: TupleItem[] = [
      { type: 'int', value: -42n },
      { type: 'slice', cell },
      { type: 'cell', cell },
    ];
    const echoed = await source.runGetMethod(history.account, 'echo', args);
    expect(echoed.readBigNumber()).toBe(-42n);
    expect(echoed.readCell().equals(cell)).toBe(true);
    expect(echoed.readCell().equals(cell)).toBe(true);
  });

  it('turns a failing get method into an error', async () => {
    const { source } = await start(async () => ({ exitCode: 11, stack: [] }));
    const err = await failureOf(source.runGetMethod(history.account, 'get_wallet_data'));
    expect(err.kind).toBe('other');
    expect(err.message).toMatch(/exit_code: 11/);
  });

  it.each<[Partial<ToncenterFaults>, ChainErrorKind, number | undefined, RegExp]>([
    [{ rateLimited: 1 }, 'rate_limited', 429, /HTTP 429: Ratelimit exceeded/],
    [{ gatewayTimeouts: 1 }, 'server', 504, /HTTP 504: LITE_SERVER_NETWORK timeout/],
    [{ rejected: 1 }, 'server', undefined, /answered ok:false, code 500: LITE_SERVER_UNKNOWN/],
    [{ hang: 1 }, 'network', undefined, /unreachable: ECONNABORTED/],
  ])('classifies %j as %s without leaking the API key', async (faults, kind, status, message) => {
    const { double, source } = await start();
    double.setFaults(faults);
    const err = await failureOf(source.getTransactions(history.account, { limit: 2 }));
    expect({ kind: err.kind, status: err.status }).toEqual({ kind, status });
    expect(err.message).toMatch(message);
    expect(inspect(err, { depth: 10 })).not.toContain(API_KEY);
    await expect(source.getTransactions(history.account, { limit: 2 })).resolves.toHaveLength(2);
  });

  it('classifies a wrong API key as rejected and an unreachable endpoint as network', async () => {
    const { double } = await start();
    const wrongKey = createToncenterSource({
      mode: 'mainnet',
      endpoint: double.endpoint,
      apiKey: 'nope',
      limiter: unlimited,
    });
    const rejected = await failureOf(wrongKey.getTransactions(history.account, { limit: 1 }));
    expect({ kind: rejected.kind, status: rejected.status }).toEqual({ kind: 'rejected', status: 401 });
    const closed = createToncenterSource({
      mode: 'mainnet',
      endpoint: `http://127.0.0.1:${await freePort()}/api/v2/jsonRPC`,
      limiter: unlimited,
    });
    expect((await failureOf(closed.getTransactions(history.account, { limit: 1 }))).kind).toBe('network');
  });
});

describe('classifyChainError', () => {
  it.each<[string, unknown, ChainErrorKind]>([
    ['our own error', new ChainRequestError('server', 'x', 502), 'server'],
    ['axios 429', { isAxiosError: true, message: 'm', response: { status: 429 } }, 'rate_limited'],
    ['axios 503', { isAxiosError: true, message: 'm', response: { status: 503 } }, 'server'],
    ['axios 403', { isAxiosError: true, message: 'm', response: { status: 403 } }, 'rejected'],
    ['axios without response', { isAxiosError: true, message: 'm', code: 'ECONNRESET' }, 'network'],
    ['bare socket error', Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'network'],
    [
      'ok:false 429 in a 200',
      new Error('Received error: {"ok":false,"code":429,"error":"Ratelimit exceeded"}'),
      'rate_limited',
    ],
    ['ok:false 500 in a 200', new Error('Received error: {"ok":false,"code":500,"error":"boom"}'), 'server'],
    ['ok:false 422 in a 200', new Error('Received error: {"ok":false,"code":422,"error":"boom"}'), 'rejected'],
    [
      'exit code as ok:false in a 200',
      new Error('Received error: {"ok":false,"code":500,"error":"Exit code -13 != 0"}'),
      'other',
    ],
    [
      'exit code as HTTP 500',
      {
        isAxiosError: true,
        message: 'm',
        response: { status: 500, data: { ok: false, code: 500, error: 'Exit code 11 != 0' } },
      },
      'other',
    ],
    ['zod failure', new Error('Malformed response: Required'), 'server'],
    ['anything else', new Error('nope'), 'other'],
  ])('%s', (_name, err, kind) => {
    expect(classifyChainError(err)).toBe(kind);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('token bucket', () => {
  function fakeClock() {
    const clock = { now: 0, slept: [] as number[] };
    const sleep = async (ms: number) => {
      clock.slept.push(ms);
      clock.now += ms;
    };
    return { clock, now: () => clock.now, sleep };
  }

  it('lets a burst through, then spaces requests at the rate, in order', async () => {
    const { clock, now, sleep } = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 2, burst: 2, now, sleep });
    const served: number[] = [];
    await Promise.all([1, 2, 3, 4].map((i) => bucket.take().then(() => served.push(i))));
    expect(served).toEqual([1, 2, 3, 4]);
    expect(clock.slept).toEqual([500, 500]);
  });

  it('refills while idle, but never beyond the burst', async () => {
    const { clock, now, sleep } = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 1, burst: 3, now, sleep });
    for (let i = 0; i < 3; i += 1) await bucket.take();
    clock.now += 60_000;
    for (let i = 0; i < 4; i += 1) await bucket.take();
    expect(clock.slept).toEqual([1_000]);
  });

  it('sleeps again when a timer fires early', async () => {
    let t = 0;
    const slept: number[] = [];
    const early = async (ms: number) => {
      slept.push(ms);
      t += ms - 1;
    };
    const bucket = createTokenBucket({ ratePerSecond: 1, burst: 1, now: () => t, sleep: early });
    await bucket.take();
    await bucket.take();
    expect(slept).toHaveLength(2);
    expect(slept[1]).toBeLessThanOrEqual(2);
  });

  it('rejects nonsense settings', () => {
    expect(() => createTokenBucket({ ratePerSecond: 0, burst: 1 })).toThrow(RangeError);
    expect(() => createTokenBucket({ ratePerSecond: 1, burst: 0 })).toThrow(RangeError);
  });
});

describe('nextBackoffMs', () => {
  const options = (random: () => number) => ({ baseMs: 1_000, maxMs: 30_000, random });

  it('doubles its ceiling per attempt up to the maximum', () => {
    const ceiling = (attempt: number) =>
      nextBackoffMs(
        attempt,
        options(() => 0.999_999),
      );
    expect([1, 2, 3, 4, 5, 6, 7].map(ceiling)).toEqual([999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999]);
    expect(ceiling(10_000)).toBe(29_999);
  });

  it('draws the whole range below the ceiling (full jitter)', () => {
    expect(
      nextBackoffMs(
        3,
        options(() => 0),
      ),
    ).toBe(0);
    expect(
      nextBackoffMs(
        3,
        options(() => 0.25),
      ),
    ).toBe(1_000);
    expect(
      nextBackoffMs(
        0,
        options(() => 0.5),
      ),
    ).toBe(500);
  });
});
