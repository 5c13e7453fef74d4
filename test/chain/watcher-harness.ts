import { expect, vi } from 'vitest';
import type { Transaction } from '@ton/core';
import type { ChainSource, TxCursor } from '../../server/chain/types';
import type { TokenBucket } from '../../server/chain/rate-limiter';
import { createToncenterSource } from '../../server/chain/toncenter-source';
import { startToncenterDouble, type ToncenterDouble } from './toncenter-double';
import type { WalletHistory } from './wallet-history';

export const hashOf = (tx: Transaction): string => tx.hash().toString('hex');
export const cursorAt = (tx: Transaction): TxCursor => ({ lt: tx.lt, hash: hashOf(tx) });

/** Stands in for the SQLite side: credits keyed by hash, cursor stored with them. */
export function createLedger(initial: TxCursor | null = null) {
  const credited = new Map<string, Transaction>();
  const order: string[] = [];
  const batches: Array<{ size: number; cursor: TxCursor }> = [];
  let cursor = initial;
  return {
    credited,
    order,
    batches,
    loadCursor: () => cursor,
    commitBatch(transactions: Transaction[], next: TxCursor, previous: TxCursor | null = cursor) {
      // as the real ledger: a chunk whose predecessor did not commit is refused
      if (previous?.lt !== cursor?.lt || previous?.hash !== cursor?.hash) throw new Error('the cursor moved');
      for (const tx of transactions) {
        const hash = hashOf(tx);
        // The real ledger has a UNIQUE constraint; committing a hash twice is the bug to catch.
        expect(credited.has(hash), `hash ${hash} committed twice`).toBe(false);
        credited.set(hash, tx);
        order.push(hash);
      }
      batches.push({ size: transactions.length, cursor: next });
      cursor = next;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

export const unlimited: TokenBucket = { take: async () => undefined };

/** A double serving the wallet's (and the treasury's) history, and a toncenter source on it. */
export async function serveHistory(
  history: WalletHistory,
  transactions: readonly Transaction[] = history.transactions,
): Promise<{ double: ToncenterDouble; source: ChainSource }> {
  const double = await startToncenterDouble();
  double.addTransactions(history.account, transactions);
  double.addTransactions(history.treasury.address, history.treasuryTransactions);
  const source = createToncenterSource({
    mode: 'testnet',
    endpoint: double.endpoint,
    limiter: unlimited,
    timeoutMs: 2_000,
  });
  return { double, source };
}

/** A sleep the test releases by hand, so the watcher loop advances one step at a time. */
export function createManualSleep() {
  const requested: number[] = [];
  const pending: Array<() => void> = [];
  return {
    requested,
    sleep(ms: number): Promise<void> {
      requested.push(ms);
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    /** Waits until the loop has finished a poll and asked to sleep; returns the requested ms. */
    async nextSleep(): Promise<number> {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0), { timeout: 10_000, interval: 5 });
      return requested.at(-1) as number;
    },
    wake(): void {
      pending.shift()?.();
    },
  };
}

export function hashes(transactions: readonly Transaction[]): string[] {
  return transactions.map(hashOf);
}
