// Transactions the sandbox chain recorded itself, served with toncenter v2 getTransactions
// semantics. (@ton/sandbox's own getTransactions reverses its list in place and compares
// hashes by reference, so it cannot back a poller.)
import type { Address } from '@ton/core';
import { Cell, loadTransaction, type Transaction } from '@ton/core';

export interface RecordedTx {
  /** raw account address, "0:<hex>" */
  account: string;
  /** transaction cell as base64 BOC (the toncenter `data` field) */
  boc: string;
}

export interface TxPageOptions {
  limit: number;
  lt?: bigint;
  hash?: string;
  toLt?: bigint;
}

/** Sandbox transactions only name the account hash; every sandbox account lives on basechain. */
function accountOf(tx: Transaction): string {
  return `0:${tx.address.toString(16).padStart(64, '0')}`;
}

/**
 * Recording and serving are two steps: a transaction is served (published) only once the state
 * file holds it. A watcher that credited a transaction a crash then lost would find, after the
 * restart, other transactions at the same lts and stop at a history gap for good.
 */
export class TxLog {
  /** published only, per account, oldest first */
  private readonly byAccount = new Map<string, Transaction[]>();
  /** everything recorded, oldest first; the first `published` of them are served */
  private readonly recorded: { tx: Transaction; entry: RecordedTx }[] = [];
  private published = 0;

  /** A state file's transactions are durable by definition: all of them are served. */
  static fromJSON(entries: RecordedTx[]): TxLog {
    const log = new TxLog();
    for (const { boc } of entries) log.add(loadTransaction(Cell.fromBase64(boc).beginParse()), boc);
    log.publish(log.recorded.length);
    return log;
  }

  /** Stores a decoded copy (so live and restored histories are the same kind of object), unpublished. */
  record(tx: Transaction): Transaction {
    const decoded = loadTransaction(tx.raw.beginParse());
    this.add(decoded, decoded.raw.toBoc().toString('base64'));
    return decoded;
  }

  private add(tx: Transaction, boc: string): void {
    this.recorded.push({ tx, entry: { account: accountOf(tx), boc } });
  }

  /** Every recorded transaction, published or not: what the state file must hold. */
  toJSON(): RecordedTx[] {
    return this.recorded.map((r) => r.entry);
  }

  /** Serves the first `count` recorded transactions: call it with what toJSON() gave, once that is saved. */
  publish(count: number): void {
    for (; this.published < count; this.published++) {
      const { tx, entry } = this.recorded[this.published]!;
      const list = this.byAccount.get(entry.account) ?? [];
      list.push(tx);
      this.byAccount.set(entry.account, list);
    }
  }

  /** Newest first; `lt`+`hash` start at that transaction (inclusive); only lt > `toLt`. */
  page(account: Address, opts: TxPageOptions): Transaction[] {
    if ((opts.lt === undefined) !== (opts.hash === undefined)) {
      throw new Error('lt and hash should be used together');
    }
    const newestFirst = [...(this.byAccount.get(account.toRawString()) ?? [])].reverse();
    let start = 0;
    if (opts.lt !== undefined && opts.hash !== undefined) {
      const hash = opts.hash.toLowerCase();
      start = newestFirst.findIndex((t) => t.lt === opts.lt && t.hash().toString('hex') === hash);
      if (start < 0) throw new Error(`transaction ${opts.lt}:${opts.hash} not found`);
    }
    const toLt = opts.toLt ?? -1n;
    return newestFirst
      .slice(start)
      .filter((t) => t.lt > toLt)
      .slice(0, opts.limit);
  }
}
