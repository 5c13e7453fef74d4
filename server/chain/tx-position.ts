// Where a transaction stands on its account, as the watcher keeps it: read here, so that nothing
// outside chain/ handles @ton/core's Transaction or Address itself.
import type { Address, Transaction } from '@ton/core';
import type { TxCursor } from './types';

/** The transaction's hash, lowercase hex: the idempotency key of everything it carries. */
export function txHashHex(tx: Transaction): string {
  return tx.hash().toString('hex');
}

export function cursorOf(tx: Transaction): TxCursor {
  return { lt: tx.lt, hash: txHashHex(tx) };
}

/** The account's hash as a transaction names its account (`tx.address`). */
export function accountNumber(account: Address): bigint {
  return BigInt(`0x${account.hash.toString('hex')}`);
}
