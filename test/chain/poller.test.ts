import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Address } from '@ton/core';
import type { ChainSource } from '../../server/chain/types';
import { ChainGapError, fetchNewTransactions } from '../../server/watcher/transaction-poller';
import type { ToncenterDouble } from './toncenter-double';
import { createWalletHistory, type WalletHistory } from './wallet-history';
import { cursorAt, hashes, hashOf, serveHistory } from './watcher-harness';

let history: WalletHistory;
let double: ToncenterDouble;
let source: ChainSource;

beforeAll(async () => {
  history = await createWalletHistory(25);
});

afterEach(async () => {
  await double?.close();
});

async function serve(transactions = history.transactions): Promise<void> {
  ({ double, source } = await serveHistory(history, transactions));
}

const tx = (index: number) => history.transactions.at(index)!;
const fetchFrom = (cursorIndex: number | null, pageSize = 4) =>
  fetchNewTransactions(source, history.account, cursorIndex === null ? null : cursorAt(tx(cursorIndex)), { pageSize });

describe('fetchNewTransactions', () => {
  it('reads a fresh account back to its first transaction, oldest first, across many pages', async () => {
    await serve();
    expect(history.transactions.length).toBe(27);
    const { transactions, head } = await fetchFrom(null, 4);
    expect(hashes(transactions)).toEqual(hashes(history.transactions));
    expect(head).toEqual(cursorAt(tx(-1)));
    const pages = double.requests.filter((r) => r.method === 'getTransactions');
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(pages.every((r) => r.params.archival === true && r.params.limit === 4)).toBe(true);
    expect(pages.slice(1).every((r) => /^[0-9a-f]{64}$/.test(String(r.params.hash)))).toBe(true);
  });

  it('returns only what is strictly newer than the cursor, asking the server with to_lt', async () => {
    await serve();
    const { transactions, head } = await fetchFrom(9, 3);
    expect(hashes(transactions)).toEqual(hashes(history.transactions.slice(10)));
    expect(head).toEqual(cursorAt(tx(-1)));
    expect(double.requests.every((r) => r.params.to_lt === tx(9).lt.toString())).toBe(true);
  });

  it('returns nothing and keeps the cursor when nothing is new', async () => {
    await serve();
    await expect(fetchFrom(26)).resolves.toEqual({ transactions: [], head: cursorAt(tx(26)) });
  });

  it('returns nothing for an account without history', async () => {
    await serve();
    const empty = Address.parse(`0:${'ab'.repeat(32)}`);
    await expect(fetchNewTransactions(source, empty, null, { pageSize: 4 })).resolves.toEqual({
      transactions: [],
      head: null,
    });
  });

  it('never moves backwards on a lagging node, and picks up the rest when it catches up', async () => {
    await serve();
    double.setFaults({ lag: 3 });
    await expect(fetchFrom(26)).resolves.toEqual({ transactions: [], head: cursorAt(tx(26)) });
    const partial = await fetchFrom(20);
    expect(hashes(partial.transactions)).toEqual(hashes(history.transactions.slice(21, 24)));
    double.setFaults({ lag: 0 });
    const rest = await fetchNewTransactions(source, history.account, partial.head, { pageSize: 4 });
    expect(hashes(rest.transactions)).toEqual(hashes(history.transactions.slice(24)));
  });

  it('refuses a history with a hole in the middle until the hole is healed', async () => {
    await serve();
    double.setFaults({ hidden: [hashOf(tx(15))] });
    await expect(fetchFrom(5)).rejects.toBeInstanceOf(ChainGapError);
    double.setFaults({ hidden: [] });
    expect(hashes((await fetchFrom(5)).transactions)).toEqual(hashes(history.transactions.slice(6)));
  });

  it('refuses new transactions that do not link to the cursor', async () => {
    await serve();
    double.setFaults({ hidden: [hashOf(tx(6))] });
    await expect(fetchFrom(5)).rejects.toThrow(/history gap/);
    double.setFaults({ hidden: [] });
    const forged = { lt: tx(5).lt, hash: hashOf(tx(4)) };
    await expect(fetchNewTransactions(source, history.account, forged, { pageSize: 4 })).rejects.toBeInstanceOf(
      ChainGapError,
    );
  });

  it('refuses a history that starts mid-way when there is no cursor', async () => {
    await serve(history.transactions.slice(1));
    await expect(fetchFrom(null)).rejects.toBeInstanceOf(ChainGapError);
  });

  it('de-duplicates a page served twice', async () => {
    await serve();
    const requestsFor = async (faults: Parameters<ToncenterDouble['setFaults']>[0], cursorIndex: number | null) => {
      const before = double.requests.length;
      double.setFaults(faults);
      const { transactions } = await fetchFrom(cursorIndex, 5);
      expect(hashes(transactions)).toEqual(
        hashes(history.transactions.slice(cursorIndex === null ? 0 : cursorIndex + 1)),
      );
      return double.requests.length - before;
    };
    const clean = await requestsFor({}, null);
    expect(await requestsFor({ ignoreCursor: 1 }, null)).toBe(clean + 1);
    expect(await requestsFor({ repeatPage: 2 }, null)).toBe(clean + 2);
    expect(await requestsFor({ repeatPage: 1, ignoreCursor: 1 }, 3)).toBeGreaterThan(await requestsFor({}, 3));
  });

  it('gives up with a gap error when the server keeps repeating a page', async () => {
    await serve();
    double.setFaults({ ignoreCursor: 100 });
    await expect(fetchFrom(null, 5)).rejects.toThrow(/no progress/);
  });

  it('rejects page sizes that cannot advance', async () => {
    await serve();
    await expect(fetchFrom(null, 1)).rejects.toBeInstanceOf(RangeError);
  });
});
