import { historyPage, rawAccount, type BooksAccount, type ChainFact } from '../chain/books-reads';
import type { ChainSource, TxCursor } from '../chain/types';
import type { Reconciliation, UnrecordedMovement, WalletBooksDeps } from './wallet-books';

const PAGE = 100;
const DEFAULT_WINDOW = 1_000;

/**
 * The Toncoin books. The store wallet's balance is no ledger figure (it pays every fee, and its owner
 * spends from it as they like), so the check is on what it received instead: the store wallet's
 * history is read again from the chain, independently of the watcher, over a window ending at its
 * newest transaction (which the watcher has read up to), and every payment-shaped Toncoin transfer in
 * it (the same checks the watcher applies) must be a Toncoin transfer of the ledger, credited,
 * unmatched or dismissed alike. What else the wallet did (its own sends, a bounce coming back, a
 * contract's excesses, gas) is listed as explained, never counted.
 */
export async function checkToncoinReceived(
  deps: Pick<WalletBooksDeps, 'storage' | 'clock' | 'explainDepth'>,
  source: ChainSource,
  wallet: BooksAccount,
  head: TxCursor | null,
): Promise<Reconciliation> {
  const account = rawAccount(wallet);
  const atLt = head?.lt ?? 0n;
  const window = head ? await readWindow(source, wallet, head, deps.explainDepth ?? DEFAULT_WINDOW) : emptyWindow;
  const received = window.facts.filter((f) => f.kind === 'in');
  // a window that reached the wallet's first transaction counts the ledger from the start
  const fromLt = window.complete ? 0n : (window.facts.at(-1)?.lt ?? atLt);
  const { ledgerBalance, unrecorded } = await deps.storage.read(async (view) => {
    const missing = await Promise.all(
      received.map(async (fact) => ((await view.transfers.find(fact.txHash, fact.lt)) ? null : unrecordedIn(fact))),
    );
    return {
      ledgerBalance: await view.movements.received('TON', fromLt, atLt),
      unrecorded: missing.filter((m) => m !== null),
    };
  });
  const onChainBalance = received.reduce((sum, f) => sum + f.amount, 0n);
  return {
    asset: 'TON',
    account,
    atLt,
    onChainBalance,
    ledgerBalance,
    difference: onChainBalance - ledgerBalance,
    checkedAt: deps.clock.now(),
    unrecorded,
    explained: window.facts.filter((f) => f.kind !== 'in'),
  };
}

interface Window {
  /** newest first */
  facts: ChainFact[];
  /** it reaches the wallet's first transaction */
  complete: boolean;
}

const emptyWindow: Window = { facts: [], complete: true };

async function readWindow(source: ChainSource, wallet: BooksAccount, head: TxCursor, depth: number): Promise<Window> {
  const facts: ChainFact[] = [];
  let from: TxCursor | null = head;
  while (from && facts.length < depth) {
    const page = await historyPage(source, wallet, from, PAGE, facts.length === 0);
    facts.push(...page.facts);
    from = page.next;
  }
  return { facts: facts.slice(0, depth), complete: from === null && facts.length <= depth };
}

const unrecordedIn = (fact: ChainFact): UnrecordedMovement => ({
  txHash: fact.txHash,
  lt: fact.lt,
  utime: fact.utime,
  kind: 'in',
  effect: fact.amount,
});
