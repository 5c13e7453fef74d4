import { Address, loadTransaction, type Cell, type Transaction, type TupleItem } from '@ton/core';
import type { SandboxChain } from '../../server/sandbox/sandbox-chain';

/** What the loopback doubles of toncenter and tonapi serve: each account's transactions, newest first. */
export function createAccountHistory() {
  const byAccount = new Map<string, Transaction[]>();
  return {
    of: (account: Address): Transaction[] => byAccount.get(account.toRawString()) ?? [],
    /** Takes transaction cells (`tx.raw` of sandbox transactions); one added again is ignored. */
    add(account: Address, transactions: ReadonlyArray<{ raw: Cell }>): void {
      const key = account.toRawString();
      const known = new Map((byAccount.get(key) ?? []).map((tx) => [tx.hash().toString('hex'), tx]));
      for (const { raw } of transactions) {
        const tx = loadTransaction(raw.beginParse());
        known.set(tx.hash().toString('hex'), tx);
      }
      byAccount.set(
        key,
        [...known.values()].sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0)),
      );
    },
  };
}

/** A sandbox chain's get methods, as a double's `runGetMethod` option answers them. */
export function sandboxGetMethods(chain: SandboxChain) {
  const source = chain.source();
  return async (address: Address, method: string, stack: TupleItem[]) => {
    const reader = await source.runGetMethod(address, method, stack);
    const items: TupleItem[] = [];
    while (reader.remaining > 0) items.push(reader.pop());
    return { exitCode: 0, stack: items };
  };
}

/** Whether a sandbox transaction happened on `account` (a transaction names its account by hash only). */
export function onAccount(tx: Transaction, account: Address): boolean {
  return new Address(0, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex')).equals(account);
}
