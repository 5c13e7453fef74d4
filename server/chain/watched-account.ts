// What the watcher reads, described as data: one entry per account whose transactions carry an
// asset to the store. A second jetton is another entry of kind 'jetton-wallet', not new code.
import type { Address, Transaction } from '@ton/core';
import type { AssetCode } from '../../contract/asset';
import { nativeWalletFacts, type WalletFacts } from './native-wallet-facts';
import { parseInboundJettonTransfer, parseOutgoingJettonTransfer, parseReturnedJettonTransfer } from './parse-transfer';
import type { InboundTransfer, WalletMovement } from './types';

export type { WalletFacts } from './native-wallet-facts';

export interface WatchedAccount {
  address: Address;
  asset: AssetCode;
  /** jetton-wallet: the store's jetton wallet of `asset`; native-wallet: the store's own wallet, for Toncoin */
  kind: 'jetton-wallet' | 'native-wallet';
}

/** The key the ledger keeps the account's cursor under: its raw address, as it always was for the jetton wallet. */
export const accountKey = (account: WatchedAccount): string => account.address.toRawString();

/**
 * What the transactions did to a jetton wallet's balance: genuine inbound transfers (facts for the
 * ledger to match), and everything else that moved it.
 */
export function jettonWalletFacts(transactions: readonly Transaction[], asset: AssetCode): WalletFacts {
  const transfers: InboundTransfer[] = [];
  const movements: WalletMovement[] = [];
  for (const tx of transactions) {
    const transfer = parseInboundJettonTransfer(tx, asset);
    if (transfer) {
      transfers.push(transfer);
      continue;
    }
    const movement = parseOutgoingJettonTransfer(tx, asset) ?? parseReturnedJettonTransfer(tx, asset);
    if (movement) movements.push(movement);
  }
  return { transfers, movements };
}

/** The facts of one watched account's transactions, read the way its kind requires. */
export function accountFacts(account: WatchedAccount, transactions: readonly Transaction[]): WalletFacts {
  return account.kind === 'jetton-wallet'
    ? jettonWalletFacts(transactions, account.asset)
    : nativeWalletFacts(transactions, account.address, account.asset);
}

/** The accounts a store is paid on: its USDT jetton wallet always, its own wallet when it takes Toncoin. */
export function watchedAccountsOf(
  jettonWallet: Address,
  merchant: Address,
  assets: readonly AssetCode[],
): WatchedAccount[] {
  const usdt: WatchedAccount = { address: jettonWallet, asset: 'USDT', kind: 'jetton-wallet' };
  const ton: WatchedAccount = { address: merchant, asset: 'TON', kind: 'native-wallet' };
  return assets.includes('TON') ? [usdt, ton] : [usdt];
}
