// Transactions the sandbox chain recorded itself, served with toncenter v2 getTransactions
// semantics. (@ton/sandbox's own getTransactions reverses its list in place and compares
// hashes by reference, so it cannot back a poller.)
import type { Address} from '@ton/core';
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

export class TxLog {
  /** per account, oldest first */
  private readonly byAccount = new Map<string, Transaction[]>();
  private readonly all: RecordedTx[] = [];

  static fromJSON(entries: RecordedTx[]): TxLog {
    const log = new TxLog();
    for (const e of entries) log.add(loadTransaction(Cell.fromBase64(e.boc).beginParse()), e.boc);
    return log;
  }

  /** Stores a decoded copy so live and restored histories are the same kind of object. */
  record(tx: Transaction): Transaction {
    const decoded = loadTransaction(tx.raw.beginParse());
    this.add(decoded, decoded.raw.toBoc().toString('base64'));
    return decoded;
  }

  private add(tx: Transaction, boc: string): void {
    const account = accountOf(tx);
    const list = this.byAccount.get(account) ?? [];
    list.push(tx);
    this.byAccount.set(account, list);
    this.all.push({ account, boc });
  }

  toJSON(): RecordedTx[] {
    return [...this.all];
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
