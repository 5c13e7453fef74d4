import { inspect } from 'node:util';
import { createServer } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Address, beginCell, type Transaction, type TupleItem, type TupleReader } from '@ton/core';
import {
  ChainRequestError,
  classifyChainError,
  createToncenterSource,
  type ChainErrorKind,
} from '../../server/chain/toncenter-source';
import { createTonapiSource } from '../../server/chain/tonapi-source';
import { resolveJettonWallet } from '../../server/chain/jetton-wallet-check';
import type { ChainSource, TxCursor } from '../../server/chain/types';
import { fetchNewTransactions } from '../../server/watcher/transaction-poller';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { startTonapiDouble, type TonapiFaults, type TonapiGetMethodHandler } from './tonapi-double';
import { startToncenterDouble, type ToncenterDouble } from './toncenter-double';
import { createWalletHistory, type WalletHistory } from './wallet-history';
import { cursorAt, hashes, unlimited } from './watcher-harness';

const API_KEY = 'tonapi-key-0123456789abcdef';
let history: WalletHistory;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  history = await createWalletHistory(10);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((double) => double.close()));
});

async function tonapi(options: { runGetMethod?: TonapiGetMethodHandler; key?: string; timeoutMs?: number } = {}) {
  const double = await startTonapiDouble({ apiKey: API_KEY, runGetMethod: options.runGetMethod });
  opened.push(double);
  double.addTransactions(history.account, history.transactions);
  let taken = 0;
  const limiter = { take: async () => void (taken += 1) };
  const source = createTonapiSource({
    mode: 'testnet',
    baseUrl: double.url,
    apiKey: options.key ?? API_KEY,
    limiter,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  return { double, source, taken: () => taken };
}

async function toncenter(): Promise<{ double: ToncenterDouble; source: ChainSource }> {
  const double = await startToncenterDouble();
  opened.push(double);
  double.addTransactions(history.account, history.transactions);
  return {
    double,
    source: createToncenterSource({
      mode: 'testnet',
      endpoint: double.endpoint,
      limiter: unlimited,
      timeoutMs: 10_000,
    }),
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ChainRequestError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChainRequestError);
  return err as ChainRequestError;
}

describe('tonapi source: transactions', () => {
  it('returns the same pages as the toncenter source for every start, floor and limit', async () => {
    const [a, b] = [await tonapi(), await toncenter()];
    const txs = history.transactions;
    const starts: Array<Transaction | undefined> = [undefined, txs[0], txs[4], txs.at(-2), txs.at(-1)];
    const floors = [undefined, 0n, txs[2]!.lt, txs.at(-1)!.lt];
    for (const start of starts) {
      for (const toLt of floors) {
        for (const limit of [1, 2, 5, 100]) {
          const opts = { limit, toLt, ...(start ? cursorAt(start) : {}) };
          const expected = hashes(await b.source.getTransactions(history.account, opts));
          expect(
            hashes(await a.source.getTransactions(history.account, opts)),
            JSON.stringify({ ...opts, lt: String(opts.lt), toLt: String(toLt) }),
          ).toEqual(expected);
        }
      }
    }
  });

  it('gives the poller the same new transactions as the toncenter source from any cursor', async () => {
    const [a, b] = [await tonapi(), await toncenter()];
    const txs = history.transactions;
    const cursors: Array<TxCursor | null> = [
      null,
      cursorAt(txs[0]!),
      cursorAt(txs[3]!),
      cursorAt(txs.at(-2)!),
      cursorAt(txs.at(-1)!),
    ];
    for (const cursor of cursors) {
      for (const pageSize of [2, 3, 50]) {
        const viaTonapi = await fetchNewTransactions(a.source, history.account, cursor, { pageSize });
        const viaToncenter = await fetchNewTransactions(b.source, history.account, cursor, { pageSize });
        expect(hashes(viaTonapi.transactions)).toEqual(hashes(viaToncenter.transactions));
        expect(viaTonapi.head).toEqual(viaToncenter.head);
        const from = cursor ? txs.findIndex((tx) => tx.lt === cursor.lt) + 1 : 0;
        expect(hashes(viaTonapi.transactions)).toEqual(hashes(txs.slice(from)));
      }
    }
  });

  it('asks with before_lt = lt + 1, after_lt, limit and desc, through the limiter, with the bearer key', async () => {
    const { double, source, taken } = await tonapi();
    const start = history.transactions.at(-3)!;
    await source.getTransactions(history.account, { limit: 2, ...cursorAt(start), toLt: 7n });
    const request = double.requests.at(-1)!;
    expect(request.path).toBe(`/v2/blockchain/accounts/${history.account.toRawString()}/transactions`);
    expect(Object.fromEntries(request.query)).toEqual({
      limit: '2',
      sort_order: 'desc',
      before_lt: (start.lt + 1n).toString(),
      after_lt: '7',
    });
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(taken()).toBe(1);
  });

  it('refuses lt without hash and limits tonapi does not serve', async () => {
    const { source } = await tonapi();
    await expect(source.getTransactions(history.account, { limit: 2, lt: 5n })).rejects.toBeInstanceOf(TypeError);
    await expect(source.getTransactions(history.account, { limit: 1001 })).rejects.toBeInstanceOf(RangeError);
  });

  it('refuses a page that does not start at the requested transaction, as from a server ignoring the bounds', async () => {
    const { double, source } = await tonapi();
    double.setFaults({ ignoreBounds: true });
    const err = await failureOf(
      source.getTransactions(history.account, { limit: 3, ...cursorAt(history.transactions[3]!) }),
    );
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/does not start at transaction/);
    const floor = history.transactions.at(-3)!.lt;
    expect(hashes(await source.getTransactions(history.account, { limit: 10, toLt: floor }))).toEqual(
      hashes(history.transactions.slice(-2).reverse()),
    );
  });

  it('refuses a BOC whose hash is not the claimed hash', async () => {
    const { double, source } = await tonapi();
    double.setFaults({ forgedBoc: 1 });
    const err = await failureOf(source.getTransactions(history.account, { limit: 3 }));
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/claims transaction [0-9a-f]{64} but its BOC hashes to [0-9a-f]{64}/);
    await expect(source.getTransactions(history.account, { limit: 3 })).resolves.toHaveLength(3);
  });
});

describe('tonapi source: errors', () => {
  it.each<[Partial<TonapiFaults>, ChainErrorKind, number | undefined, RegExp]>([
    [{ rateLimited: 1 }, 'rate_limited', 429, /tonapi HTTP 429: rate limit exceeded/],
    [{ serverErrors: 1 }, 'server', 502, /tonapi HTTP 502: bad gateway/],
    [{ hang: 1 }, 'network', undefined, /tonapi unreachable: TimeoutError/],
  ])('classifies %j as %s without the API key', async (faults, kind, status, message) => {
    const { double, source } = await tonapi({ timeoutMs: 2_000 });
    double.setFaults(faults);
    const err = await failureOf(source.getTransactions(history.account, { limit: 2 }));
    expect({ kind: err.kind, status: err.status, classified: classifyChainError(err) }).toEqual({
      kind,
      status,
      classified: kind,
    });
    expect(err.message).toMatch(message);
    expect(inspect(err, { depth: 10 })).not.toContain(API_KEY);
    await expect(source.getTransactions(history.account, { limit: 2 })).resolves.toHaveLength(2);
  });

  it('classifies a refused key as rejected 401 and scrubs the key the server echoes', async () => {
    const { double } = await tonapi();
    const wrongKey = 'revoked-key-fedcba9876543210';
    const source = createTonapiSource({ mode: 'mainnet', baseUrl: double.url, apiKey: wrongKey, limiter: unlimited });
    const err = await failureOf(source.getTransactions(history.account, { limit: 1 }));
    expect({ kind: err.kind, status: err.status }).toEqual({ kind: 'rejected', status: 401 });
    expect(err.message).toMatch(/tonapi HTTP 401: invalid token: Bearer \*\*\*/);
    expect(inspect(err, { depth: 10 })).not.toContain(wrongKey);
  });

  it('classifies an unreachable server as network', async () => {
    const source = createTonapiSource({
      mode: 'mainnet',
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      apiKey: API_KEY,
      limiter: unlimited,
    });
    const err = await failureOf(source.getTransactions(history.account, { limit: 1 }));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/tonapi unreachable: ECONNREFUSED/);
  });
});

describe('tonapi source: get methods', () => {
  let chain: SandboxChain;
  const echo: TonapiGetMethodHandler = async (_address, method, stack) =>
    method === 'echo' ? { exitCode: 0, stack } : null;

  beforeAll(async () => {
    chain = await SandboxChain.open();
  });

  /** Serves get methods from the sandbox chain; an account without a contract is tonapi's 404. */
  const fromSandbox: TonapiGetMethodHandler = async (address, method, stack) => {
    try {
      return { exitCode: 0, stack: readAll(await chain.source().runGetMethod(address, method, stack)) };
    } catch (err) {
      if (/non-active/.test((err as Error).message)) return null;
      throw err;
    }
  };

  it('resolves and verifies the merchant jetton wallet of a real sandbox jetton', async () => {
    const { source } = await tonapi({ runGetMethod: fromSandbox });
    const resolved = await resolveJettonWallet(source, chain.jettonMaster, chain.merchantAddress);
    expect(resolved.verified).toBe(true);
    expect(resolved.wallet.equals(chain.merchantJettonWallet)).toBe(true);
  });

  it('returns what the toncenter source returns for get_wallet_address and get_wallet_data', async () => {
    const { source } = await tonapi({ runGetMethod: fromSandbox });
    const ton = await startToncenterDouble({ runGetMethod: async (...args) => (await fromSandbox(...args))! });
    opened.push(ton);
    const viaToncenter = createToncenterSource({ mode: 'testnet', endpoint: ton.endpoint, limiter: unlimited });
    const owner = [
      { type: 'slice', cell: beginCell().storeAddress(chain.merchantAddress).endCell() },
    ] satisfies TupleItem[];
    for (const [account, method, args] of [
      [chain.jettonMaster, 'get_wallet_address', owner],
      [chain.merchantJettonWallet, 'get_wallet_data', []],
    ] as const) {
      const expected = normalized(await viaToncenter.runGetMethod(account, method, [...args]));
      expect(normalized(await source.runGetMethod(account, method, [...args]))).toEqual(expected);
    }
  });

  it('passes an address slice as the address, other slices as hex BOC, cells as base64 BOC and ints', async () => {
    const { double, source } = await tonapi({ runGetMethod: echo });
    const cell = beginCell().storeUint(0xdead, 16).endCell();
    const address = Address.parse(`0:${'ab'.repeat(32)}`);
    const args: TupleItem[] = [
      { type: 'int', value: -42n },
      { type: 'int', value: 2n ** 70n },
      { type: 'slice', cell: beginCell().storeAddress(address).endCell() },
      { type: 'slice', cell },
      { type: 'cell', cell },
    ];
    const echoed = await source.runGetMethod(history.account, 'echo', args);
    expect(double.requests.at(-1)!.query.getAll('args')).toEqual([
      '-42',
      `0x${(2n ** 70n).toString(16)}`,
      address.toRawString(),
      cell.toBoc().toString('hex'),
      cell.toBoc().toString('base64'),
    ]);
    expect([echoed.readBigNumber(), echoed.readBigNumber()]).toEqual([-42n, 2n ** 70n]);
    expect(echoed.readAddress().equals(address)).toBe(true);
    expect(echoed.readCell().equals(cell) && echoed.readCell().equals(cell)).toBe(true);
  });

  it('reports a wallet without a contract as not deployed, and a failing method with its exit code', async () => {
    const { source } = await tonapi({ runGetMethod: fromSandbox });
    const stranger = await resolveJettonWallet(source, chain.jettonMaster, history.account);
    expect(stranger.verified).toBe(false);
    const failing = await tonapi({ runGetMethod: async () => ({ exitCode: 11, stack: [] }) });
    const err = await failureOf(failing.source.runGetMethod(history.account, 'get_wallet_data'));
    expect(err.kind).toBe('other');
    expect(err.message).toMatch(/exit_code: 11/);
  });
});

/** Ints as bigint and every cell-like item as its cell's hash: tonapi sends slices as cells. */
function normalized(reader: TupleReader): unknown[] {
  return readAll(reader).map((item) =>
    item.type === 'int' ? item.value : 'cell' in item ? `cell:${item.cell.hash().toString('hex')}` : item.type,
  );
}

function readAll(reader: { remaining: number; pop(): TupleItem }): TupleItem[] {
  const items: TupleItem[] = [];
  while (reader.remaining > 0) items.push(reader.pop());
  return items;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
