import type { Address, Transaction } from '@ton/core';
import { formatAmount } from '../../contract/amount';
import type { UnrecordedKind } from '../../contract/chain';
import { readJettonBalance } from '../chain/jetton-wallet-check';
import {
  parseInboundJettonTransfer,
  parseOutgoingJettonTransfer,
  parseReturnedJettonTransfer,
} from '../chain/parse-transfer';
import type { ChainSource, TxCursor } from '../chain/types';
import type { EventLog } from '../events/event-log';
import type { ReconciliationRecord } from '../storage/ledger-repositories';
import type { ReadView, Storage } from '../storage/storage-port';
import type { Clock } from '../util/clock';

/** The chain as the books need it: the watched wallet, a source to read it, and the watcher to catch up. */
export interface BooksChain {
  source: ChainSource;
  /** the merchant's USDT jetton wallet */
  account: Address;
  /** reads the wallet's history into the ledger up to its newest transaction (the watcher's poll) */
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
  /** when the books are off: the transactions that explain it, as far as they could be found */
  unrecorded: UnrecordedMovement[];
}

/** The watcher has not read the wallet up to the block its balance was read at: no verdict yet. */
export class BooksBehindError extends Error {
  override readonly name = 'BooksBehindError';
}

export interface WalletBooksDeps {
  storage: Storage;
  events: EventLog;
  clock: Clock;
  /** how far back (transactions) to look for what explains a difference */
  explainDepth?: number;
}

const HEAD_READS = 3;
const PAGE = 100;

/**
 * Checks the ledger against the chain: the wallet's balance from get_wallet_data must equal every
 * recorded movement (transfers in, sends, bounces back) up to the transaction the balance was read
 * at. A new verdict is recorded; a new difference is announced as `ledger.discrepancy`.
 */
export class WalletBooks {
  private running: Promise<Reconciliation> | null = null;

  constructor(private readonly deps: WalletBooksDeps) {}

  /** Checks now; a check asked for while one runs shares its answer (the timer and the console at once). */
  reconcile(chain: BooksChain): Promise<Reconciliation> {
    this.running ??= this.check(chain).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(chain: BooksChain): Promise<Reconciliation> {
    const account = chain.account.toRawString();
    const { head, onChainBalance } = await readSettledBalance(chain);
    await this.ensureRead(chain, account, head);
    const atLt = head?.lt ?? 0n;
    const ledgerBalance = await this.deps.storage.read((view) => view.movements.bookBalance(account, atLt));
    const difference = onChainBalance - ledgerBalance;
    const unrecorded = difference === 0n || !head ? [] : await this.explain(chain, head, difference);
    const result: Reconciliation = {
      account,
      atLt,
      onChainBalance,
      ledgerBalance,
      difference,
      checkedAt: this.deps.clock.now(),
      unrecorded,
    };
    await this.recordVerdict(result);
    return result;
  }

  last(account: Address): Promise<ReconciliationRecord | null> {
    return this.deps.storage.read((view) => view.movements.lastReconciliation(account.toRawString()));
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
  private async explain(chain: BooksChain, head: TxCursor, difference: bigint): Promise<UnrecordedMovement[]> {
    const depth = this.deps.explainDepth ?? 1_000;
    const found: UnrecordedMovement[] = [];
    let explained = 0n;
    let from: TxCursor = head;
    for (let seen = 0; seen < depth && explained !== difference;) {
      const page = await chain.source.getTransactions(chain.account, { limit: PAGE, lt: from.lt, hash: from.hash });
      // pages start at their cursor, which the page before already held
      const fresh = seen === 0 ? page : page.slice(1);
      const missing = await this.deps.storage.read(async (view) => {
        const movements = await Promise.all(fresh.map((tx) => unrecordedMovement(view, tx)));
        return movements.filter((m) => m !== null);
      });
      for (const movement of missing) explained += movement.effect;
      found.push(...missing);
      seen += fresh.length;
      const oldest = page.at(-1);
      if (fresh.length === 0 || !oldest || oldest.prevTransactionLt === 0n) break;
      from = { lt: oldest.lt, hash: oldest.hash().toString('hex') };
    }
    return found;
  }
}

/** The balance and the newest transaction read together: a transaction landing in between means read again. */
async function readSettledBalance(chain: BooksChain): Promise<{ head: TxCursor | null; onChainBalance: bigint }> {
  const newest = async (): Promise<TxCursor | null> => {
    const [tx] = await chain.source.getTransactions(chain.account, { limit: 1 });
    return tx ? { lt: tx.lt, hash: tx.hash().toString('hex') } : null;
  };
  for (let attempt = 0; attempt < HEAD_READS; attempt++) {
    const before = await newest();
    const onChainBalance = await readJettonBalance(chain.source, chain.account);
    const after = await newest();
    if (before?.hash === after?.hash) return { head: after, onChainBalance };
  }
  throw new BooksBehindError('the wallet kept changing while its balance was read');
}

async function unrecordedMovement(view: ReadView, tx: Transaction): Promise<UnrecordedMovement | null> {
  const inbound = parseInboundJettonTransfer(tx, 'USDT');
  const moved = inbound ? null : (parseOutgoingJettonTransfer(tx, 'USDT') ?? parseReturnedJettonTransfer(tx, 'USDT'));
  const fact = inbound ?? moved;
  if (!fact) return null;
  const recorded = inbound ? await view.transfers.find(fact.txHash, fact.lt) : await view.movements.find(fact.txHash);
  if (recorded) return null;
  const kind = moved?.kind ?? 'in';
  return {
    txHash: fact.txHash,
    lt: fact.lt,
    utime: fact.utime,
    kind,
    effect: kind === 'sent' ? -fact.amount : fact.amount,
  };
}

/** The wire shape: the console's reconciliation answer and the `ledger.discrepancy` event's data. */
export function presentReconciliation(r: Reconciliation) {
  return {
    account: r.account,
    onChainBalance: formatAmount(r.onChainBalance, 'USDT'),
    ledgerBalance: formatAmount(r.ledgerBalance, 'USDT'),
    difference: formatAmount(r.difference, 'USDT'),
    atLt: r.atLt.toString(),
    checkedAt: new Date(r.checkedAt).toISOString(),
    unrecorded: r.unrecorded.map((m) => ({
      txHash: m.txHash,
      lt: m.lt.toString(),
      at: new Date(m.utime * 1000).toISOString(),
      kind: m.kind,
      effect: formatAmount(m.effect, 'USDT'),
    })),
  };
}
