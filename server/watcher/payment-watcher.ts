import type { Transaction } from '@ton/core';
import type { ChainRuntime } from '../runtime/chain-runtime';
import { parseInboundJettonTransfer } from '../chain/parse-transfer';
import type { InboundJettonTransfer, TxCursor } from '../chain/types';
import type { TransferLedger } from '../payments/transfer-ledger';
import { createChainWatcher, type ChainWatcher, type WatcherLogger } from './chain-watcher';

export interface PaymentWatcherOptions {
  chain: ChainRuntime;
  ledger: TransferLedger;
  intervalMs: number;
  batchSize: number;
  log?: WatcherLogger;
}

/** Only transactions that are genuine inbound USDT transfers become facts for the ledger. */
export function transfersIn(transactions: readonly Transaction[]): InboundJettonTransfer[] {
  const transfers: InboundJettonTransfer[] = [];
  for (const tx of transactions) {
    const transfer = parseInboundJettonTransfer(tx);
    if (transfer) transfers.push(transfer);
  }
  return transfers;
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
    commitBatch: async (transactions: Transaction[], cursor: TxCursor) => {
      await options.ledger.creditBatch(key, transfersIn(transactions), cursor);
    },
    ...(options.log ? { log: options.log } : {}),
  });
}
