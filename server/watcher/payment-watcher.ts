import type { Address, Transaction } from '@ton/core';
import {
  parseInboundJettonTransfer,
  parseOutgoingJettonTransfer,
  parseReturnedJettonTransfer,
} from '../chain/parse-transfer';
import type { ChainSource, InboundTransfer, TxCursor, WalletMovement } from '../chain/types';
import type { TransferLedger } from '../payments/transfer-ledger';
import { createChainWatcher, type ChainWatcher, type WatcherLogger } from './chain-watcher';
import type { WakeupChannel } from './wakeups';

/** What the watcher reads of an opened chain (runtime/'s ChainRuntime has these and more). */
export interface WatchedChain {
  source: ChainSource;
  /** the merchant's verified USDT jetton wallet */
  watchedAccount: Address;
  wakeups?: WakeupChannel | undefined;
}

export interface PaymentWatcherOptions {
  chain: WatchedChain;
  ledger: TransferLedger;
  intervalMs: number;
  batchSize: number;
  log?: WatcherLogger;
}

/**
 * What the transactions did to the wallet's balance: genuine inbound USDT transfers (facts for the
 * ledger to match), and everything else that moved it.
 */
export function walletFacts(transactions: readonly Transaction[]): {
  transfers: InboundTransfer[];
  movements: WalletMovement[];
} {
  const transfers: InboundTransfer[] = [];
  const movements: WalletMovement[] = [];
  for (const tx of transactions) {
    const transfer = parseInboundJettonTransfer(tx, 'USDT');
    if (transfer) {
      transfers.push(transfer);
      continue;
    }
    const movement = parseOutgoingJettonTransfer(tx, 'USDT') ?? parseReturnedJettonTransfer(tx, 'USDT');
    if (movement) movements.push(movement);
  }
  return { transfers, movements };
}

/** The chain watcher reports facts; the ledger decides what they mean for payments. */
export function createPaymentWatcher(options: PaymentWatcherOptions): ChainWatcher {
  const account = options.chain.watchedAccount;
  const key = account.toRawString();
  return createChainWatcher({
    source: options.chain.source,
    account,
    intervalMs: options.intervalMs,
    maxBatch: options.batchSize,
    loadCursor: () => options.ledger.cursor(key),
    commitBatch: async (transactions: Transaction[], cursor: TxCursor, previous: TxCursor | null) => {
      const { transfers, movements } = walletFacts(transactions);
      await options.ledger.creditBatch(key, transfers, cursor, movements, previous);
    },
    ...(options.log ? { log: options.log } : {}),
    ...(options.chain.wakeups ? { wakeups: options.chain.wakeups } : {}),
  });
}
