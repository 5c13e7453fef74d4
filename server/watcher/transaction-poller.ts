import type { Address, ChainSource, Transaction, TxCursor } from '../chain/types';
import { accountNumber, cursorOf, txHashHex } from '../chain/tx-position';

/**
 * The fetched history does not form one unbroken chain from the cursor: a node lagged, dropped a
 * transaction or kept repeating a page. The caller must keep its cursor and retry later.
 */
export class ChainGapError extends Error {
  override readonly name = 'ChainGapError';
}

export interface FetchResult {
  /** oldest -> newest, all strictly newer than the cursor, each linked to the one before */
  transactions: Transaction[];
  /** cursor of the newest transaction, or the given cursor when there is nothing new */
  head: TxCursor | null;
}

/** Pages that bring nothing new in a row before giving up (a server repeating itself). */
const MAX_STALLED_PAGES = 3;

export async function fetchNewTransactions(
  source: ChainSource,
  account: Address,
  cursor: TxCursor | null,
  { pageSize }: { pageSize: number },
): Promise<FetchResult> {
  // Pages are inclusive of their starting transaction, so a page of 1 would never move.
  if (!Number.isInteger(pageSize) || pageSize < 2) {
    throw new RangeError('pageSize must be an integer >= 2');
  }
  const collected = await collectBackwards(source, account, cursor, pageSize);
  const transactions = [...collected.values()].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
  checkContinuity(transactions, cursor, accountNumber(account));
  const newest = transactions.at(-1);
  return { transactions, head: newest ? cursorOf(newest) : cursor };
}

/** Newest first, page by page, until the history reaches the cursor (or the account's start). */
async function collectBackwards(
  source: ChainSource,
  account: Address,
  cursor: TxCursor | null,
  pageSize: number,
): Promise<Map<string, Transaction>> {
  const byHash = new Map<string, Transaction>();
  const floorLt = cursor?.lt ?? 0n;
  let oldest: Transaction | undefined;
  let from: TxCursor | undefined;
  let stalled = 0;
  for (;;) {
    const page = await source.getTransactions(account, { limit: pageSize, ...from, toLt: cursor?.lt });
    let added = 0;
    for (const tx of page) {
      const hash = txHashHex(tx);
      // The lt check guards against servers that ignore toLt.
      if (tx.lt <= floorLt || byHash.has(hash)) continue;
      byHash.set(hash, tx);
      added += 1;
      if (!oldest || tx.lt < oldest.lt) oldest = tx;
    }
    if (page.length < pageSize || !oldest) return byHash;
    if (added === 0) {
      stalled += 1;
      if (stalled >= MAX_STALLED_PAGES)
        throw new ChainGapError('paging made no progress: the server keeps repeating a page');
      continue;
    }
    stalled = 0;
    // Anything older than this is at or below the cursor; continuity decides if it links.
    if (oldest.prevTransactionLt <= floorLt) return byHash;
    from = cursorOf(oldest);
  }
}

function checkContinuity(transactions: Transaction[], cursor: TxCursor | null, accountHash: bigint): void {
  // The first transaction of an account links to lt 0 with an all-zero hash.
  let prevLt = cursor?.lt ?? 0n;
  let prevHash = cursor ? BigInt(`0x${cursor.hash}`) : 0n;
  for (const tx of transactions) {
    const hash = txHashHex(tx);
    if (tx.address !== accountHash) {
      throw new ChainGapError(`transaction ${tx.lt}:${hash} belongs to another account`);
    }
    if (tx.prevTransactionLt !== prevLt || tx.prevTransactionHash !== prevHash) {
      throw new ChainGapError(
        `history gap: transaction ${tx.lt}:${hash} follows ${tx.prevTransactionLt}, expected ${prevLt}`,
      );
    }
    prevLt = tx.lt;
    prevHash = BigInt(`0x${hash}`);
  }
}
