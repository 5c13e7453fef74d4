// The books timer checks every asset the chain watches: USDT's jetton wallet always, the store
// wallet's Toncoin when it is watched, one after the other (each catches the watcher up first).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BooksChain, Reconciliation, WalletBooks } from '../../server/payments/wallet-books';
import { booksTimer } from '../../server/runtime/chain-duties';

const verdict = (asset: 'USDT' | 'TON', difference = 0n) => ({ asset, difference, atLt: 1n }) as Reconciliation;

function countingBooks() {
  const calls: string[] = [];
  const books = {
    reconcile: async () => (calls.push('USDT'), verdict('USDT')),
    reconcileToncoin: async () => (calls.push('TON'), verdict('TON', 5n)),
  } as unknown as WalletBooks;
  return { books, calls };
}
const log = { info: vi.fn(), warn: vi.fn() };
const chain = (storeWallet?: string) =>
  ({
    source: {},
    account: {},
    ...(storeWallet ? { storeWallet } : {}),
    catchUp: async () => 0,
  }) as unknown as BooksChain;

describe('the books timer', () => {
  afterEach(() => {
    vi.useRealTimers();
    log.warn.mockClear();
  });

  it('checks USDT and, with the store wallet watched, Toncoin on every tick, and warns of a difference with its asset', async () => {
    vi.useFakeTimers();
    const { books, calls } = countingBooks();
    const timer = booksTimer(books, chain('EQstore'), 60_000, log);
    timer.start();
    await vi.advanceTimersByTimeAsync(120_000);
    timer.stop();
    expect(calls).toEqual(['USDT', 'TON', 'USDT', 'TON']);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ asset: 'TON', difference: '5' }),
      expect.any(String),
    );
  });

  it('checks only USDT when the store does not take Toncoin', async () => {
    vi.useFakeTimers();
    const { books, calls } = countingBooks();
    const timer = booksTimer(books, chain(), 60_000, log);
    timer.start();
    await vi.advanceTimersByTimeAsync(60_000);
    timer.stop();
    expect(calls).toEqual(['USDT']);
  });
});
