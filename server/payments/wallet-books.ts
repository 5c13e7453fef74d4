import { ASSETS, type AssetCode } from '../../contract/asset';
import { formatAmount } from '../../contract/amount';
import type { UnrecordedKind } from '../../contract/chain';
import {
  booksAccount,
  historyPage,
  jettonBalance,
  newestTransaction,
  rawAccount,
  type BooksAccount,
  type ChainFact,
} from '../chain/books-reads';
import type { ChainSource, TxCursor } from '../chain/types';
import type { EventLog } from '../events/event-log';
import type { ReconciliationRecord } from '../storage/ledger-repositories';
import type { ReadView, Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { checkToncoinReceived } from './toncoin-books';

/** The chain as the books need it: the watched wallets, a source to read them, and the watcher to catch up. */
export interface BooksChain {
  source: ChainSource;
  /** the merchant's USDT jetton wallet */
  account: BooksAccount['address'];
  /** the merchant's own wallet, where Toncoin arrives; the Toncoin books need it */
  storeWallet?: BooksAccount['address'] | string;
  /** reads the wallets' history into the ledger up to their newest transactions (the watcher's poll) */
  catchUp(): Promise<unknown>;
}

/** A transaction on chain that moved the wallet's balance and that the ledger does not hold. */
export interface UnrecordedMovement {
  txHash: string;
  lt: bigint;
  utime: number;
  kind: UnrecordedKind;
  /** its effect on the balance: negative for money that left */
  effect: bigint;
}

export interface Reconciliation extends Omit<ReconciliationRecord, 'seq'> {
  asset: AssetCode;
  /** when the books are off: the transactions that explain it, as far as they could be found */
  unrecorded: UnrecordedMovement[];
  /** Toncoin: what else the store wallet did in the window (its own sends, bounces, gas), never a discrepancy */
  explained: ChainFact[];
}

/** The watcher has not read the wallet up to the block its balance was read at: no verdict yet. */
export class BooksBehindError extends Error {
  override readonly name = 'BooksBehindError';
}

export interface WalletBooksDeps {
  storage: Storage;
  events: EventLog;
  clock: Clock;
  /** how far back (transactions) to look for what explains a difference, and the Toncoin books' window */
  explainDepth?: number;
}

const HEAD_READS = 3;
const PAGE = 100;
export const DEFAULT_DEPTH = 1_000;

/**
 * Checks the ledger against the chain, an account per asset. USDT: the jetton wallet's balance from
 * get_wallet_data must equal every recorded movement (transfers in, sends, bounces back) up to the
 * transaction the balance was read at. Toncoin (toncoin-books.ts): what the store wallet received
 * must equal the Toncoin transfers recorded. A new verdict is recorded; a new difference is announced
 * as `ledger.discrepancy`, with its asset.
 */
export class WalletBooks {
  private readonly running = new Map<AssetCode, Promise<Reconciliation>>();

  constructor(private readonly deps: WalletBooksDeps) {}

  /** Checks the USDT books now; a check asked for while one runs shares its answer (the timer and the console at once). */
  reconcile(chain: BooksChain): Promise<Reconciliation> {
    return this.once('USDT', () => this.checkJetton(chain));
  }

  /** Checks the Toncoin books now: what the store wallet received against what the ledger recorded. */
  reconcileToncoin(chain: BooksChain): Promise<Reconciliation> {
    const { storeWallet } = chain;
    if (!storeWallet) return Promise.reject(new Error("the Toncoin books need the store's wallet"));
    const wallet = booksAccount(storeWallet, 'TON', 'native-wallet');
    return this.once('TON', async () => {
      const head = await newestTransaction(chain.source, wallet);
      await this.ensureRead(chain, rawAccount(wallet), head);
      const result = await checkToncoinReceived(this.deps, chain.source, wallet, head);
      await this.recordVerdict(result);
      return result;
    });
  }

  private once(asset: AssetCode, check: () => Promise<Reconciliation>): Promise<Reconciliation> {
    let running = this.running.get(asset);
    if (!running) {
      running = check().finally(() => this.running.delete(asset));
      this.running.set(asset, running);
    }
    return running;
  }

  private async checkJetton(chain: BooksChain): Promise<Reconciliation> {
    const wallet = booksAccount(chain.account, 'USDT', 'jetton-wallet');
    const account = rawAccount(wallet);
    const { head, onChainBalance } = await readSettledBalance(chain.source, wallet);
    await this.ensureRead(chain, account, head);
    const atLt = head?.lt ?? 0n;
    const ledgerBalance = await this.deps.storage.read((view) => view.movements.bookBalance(account, 'USDT', atLt));
    const difference = onChainBalance - ledgerBalance;
    const unrecorded = difference === 0n || !head ? [] : await this.explain(chain.source, wallet, head, difference);
    const result: Reconciliation = {
      asset: 'USDT',
      account,
      atLt,
      onChainBalance,
      ledgerBalance,
      difference,
      checkedAt: this.deps.clock.now(),
      unrecorded,
      explained: [],
    };
    await this.recordVerdict(result);
    return result;
  }

  /** The last verdict on an account (the jetton wallet, or the store wallet for Toncoin). */
  last(account: BooksAccount['address'] | string): Promise<ReconciliationRecord | null> {
    const raw = rawAccount(booksAccount(account, 'USDT', 'jetton-wallet'));
    return this.deps.storage.read((view) => view.movements.lastReconciliation(raw));
  }

  private async ensureRead(chain: BooksChain, account: string, head: TxCursor | null): Promise<void> {
    if (!head) return;
    const covered = async () =>
      ((await this.deps.storage.read((v) => v.transfers.cursor(account)))?.lt ?? 0n) >= head.lt;
    if (await covered()) return;
    await chain.catchUp();
    if (!(await covered()))
      throw new BooksBehindError(`the watcher has not yet read the wallet up to transaction ${head.lt}`);
  }

  /** Only a changed verdict is stored, so a discrepancy is announced once, not at every check. */
  private recordVerdict(result: Reconciliation): Promise<void> {
    return this.deps.storage.write(async (uow) => {
      const last = await uow.movements.lastReconciliation(result.account);
      if (last && last.difference === result.difference) return;
      const { account, atLt, onChainBalance, ledgerBalance, difference, checkedAt } = result;
      await uow.movements.recordReconciliation({ account, atLt, onChainBalance, ledgerBalance, difference, checkedAt });
      if (result.difference !== 0n)
        await this.deps.events.record(uow, 'ledger.discrepancy', null, presentReconciliation(result));
    });
  }

  /**
   * Walks back from the head until the unrecorded movements add up to the difference (or the depth
   * runs out). Each page is fetched outside the storage and checked in a read of its own: a read
   * held open across the network would keep every write waiting.
   */
  private async explain(
    source: ChainSource,
    wallet: BooksAccount,
    head: TxCursor,
    difference: bigint,
  ): Promise<UnrecordedMovement[]> {
    const depth = this.deps.explainDepth ?? DEFAULT_DEPTH;
    const found: UnrecordedMovement[] = [];
    let explained = 0n;
    let from: TxCursor | null = head;
    for (let seen = 0; from && seen < depth && explained !== difference;) {
      const page = await historyPage(source, wallet, from, PAGE, seen === 0);
      const missing = await this.deps.storage.read(async (view) => {
        const movements = await Promise.all(page.facts.map((fact) => unrecordedMovement(view, fact)));
        return movements.filter((m) => m !== null);
      });
      for (const movement of missing) explained += movement.effect;
      found.push(...missing);
      seen += page.facts.length;
      from = page.next;
    }
    return found;
  }
}

/** The balance and the newest transaction read together: a transaction landing in between means read again. */
async function readSettledBalance(
  source: ChainSource,
  wallet: BooksAccount,
): Promise<{ head: TxCursor | null; onChainBalance: bigint }> {
  for (let attempt = 0; attempt < HEAD_READS; attempt++) {
    const before = await newestTransaction(source, wallet);
    const onChainBalance = await jettonBalance(source, wallet);
    const after = await newestTransaction(source, wallet);
    if (before?.hash === after?.hash) return { head: after, onChainBalance };
  }
  throw new BooksBehindError('the wallet kept changing while its balance was read');
}

/** A jetton transfer in, sent or returned that the ledger does not hold. */
async function unrecordedMovement(view: ReadView, fact: ChainFact): Promise<UnrecordedMovement | null> {
  if (fact.kind === 'other') return null;
  const recorded =
    fact.kind === 'in' ? await view.transfers.find(fact.txHash, fact.lt) : await view.movements.find(fact.txHash);
  if (recorded) return null;
  const effect = fact.kind === 'sent' ? -fact.amount : fact.amount;
  return { txHash: fact.txHash, lt: fact.lt, utime: fact.utime, kind: fact.kind, effect };
}

/** The wire shape: the console's reconciliation answer and the `ledger.discrepancy` event's data. */
export function presentReconciliation(r: Reconciliation) {
  const amount = (base: bigint) => formatAmount(base, r.asset);
  return {
    asset: r.asset,
    account: r.account,
    onChainBalance: amount(r.onChainBalance),
    ledgerBalance: amount(r.ledgerBalance),
    difference: amount(r.difference),
    atLt: r.atLt.toString(),
    checkedAt: new Date(r.checkedAt).toISOString(),
    unrecorded: r.unrecorded.map((m) => ({
      txHash: m.txHash,
      lt: m.lt.toString(),
      at: new Date(m.utime * 1000).toISOString(),
      kind: m.kind,
      effect: amount(m.effect),
    })),
    // the native coin's wallet also spends and pays gas: what it did besides receiving is listed
    ...(ASSETS[r.asset].kind === 'jetton'
      ? {}
      : {
          explained: r.explained.map((f) => ({
            txHash: f.txHash,
            lt: f.lt.toString(),
            at: new Date(f.utime * 1000).toISOString(),
            kind: f.kind,
            amount: amount(f.amount),
            fee: amount(f.fee),
            reason: f.reason,
          })),
        }),
  };
}
