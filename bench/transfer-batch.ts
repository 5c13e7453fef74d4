import { beginCell, comment as textComment, loadTransaction, storeTransaction, type Transaction } from '@ton/core';
import type { AssetCode } from '../contract/asset';
import { internalTransferBody } from '../server/sandbox/jetton-messages';
import { accountFacts, type WatchedAccount } from '../server/chain/watched-account';
import type { RunningServer } from '../server/index';

export type TransferFactory = (memos: readonly string[]) => Transaction[];

/** The account an asset's payments arrive on: the USDT jetton wallet, or the store wallet for Toncoin. */
export function watchedAccountFor(server: RunningServer, asset: AssetCode): WatchedAccount {
  const account = server.chain.watchedAccounts.find((a) => a.asset === asset);
  if (!account) throw new Error(`the service does not watch an account for ${asset}`);
  return account;
}

/**
 * 100,000 emulated transfers would take hours to emulate one by one, so one real transfer is
 * emulated on the sandbox chain and used as the template: each copy is that transaction with its
 * own memo in its inbound message (the internal_transfer's forward payload for USDT, the text
 * comment for Toncoin) and its own lt, serialised to a real transaction cell and parsed back, so the
 * parser sees exactly what it would see from the chain. (The copies are not linked through
 * prev-hashes: continuity is the poller's job, not part of ingest.)
 */
export async function transferFactory(
  server: RunningServer,
  amount: bigint,
  asset: AssetCode = 'USDT',
): Promise<TransferFactory> {
  const sandbox = server.chain.sandbox!;
  const { memo } = (
    await server.services.payments.create('invoice', { currency: asset, mainCurrency: 'TON', amount: '1.00' })
  ).payment;
  const emitted =
    asset === 'TON'
      ? await sandbox.payToncoin({ amount, comment: memo })
      : await sandbox.pay({ amount, comment: memo });
  const account = watchedAccountFor(server, asset);
  const template = emitted.find((tx) => accountFacts(account, [tx]).transfers.length === 1);
  if (!template?.inMessage) throw new Error(`the sandbox ${asset} payment did not reach the watched account`);
  const bodyWith = (comment: string) =>
    asset === 'TON'
      ? textComment(comment)
      : internalTransferBody({
          queryId: 0n,
          amount,
          from: sandbox.payerAddress,
          responseAddress: sandbox.payerAddress,
          forwardTonAmount: 1n,
          comment,
        });
  let lt = template.lt;
  return (memos) =>
    memos.map((comment) => {
      lt += 1_000_000n;
      const copy: Transaction = { ...template, lt, inMessage: { ...template.inMessage!, body: bodyWith(comment) } };
      return loadTransaction(beginCell().store(storeTransaction(copy)).endCell().beginParse());
    });
}
