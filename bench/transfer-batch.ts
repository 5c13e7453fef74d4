import { beginCell, loadTransaction, storeTransaction, type Transaction } from '@ton/core';
import { internalTransferBody } from '../server/sandbox/jetton-messages';
import { parseInboundJettonTransfer } from '../server/chain/parse-transfer';
import type { RunningServer } from '../server/index';

export type TransferFactory = (memos: readonly string[]) => Transaction[];

/**
 * 100,000 emulated transfers would take hours to emulate one by one, so one real transfer is
 * emulated on the sandbox chain and used as the template: each copy is that transaction with its
 * own memo in the internal_transfer body and its own lt, serialised to a real transaction cell and
 * parsed back, so the parser sees exactly what it would see from the chain. (The copies are not
 * linked through prev-hashes: continuity is the poller's job, not part of ingest.)
 */
export async function transferFactory(server: RunningServer, amount: bigint): Promise<TransferFactory> {
  const sandbox = server.chain.sandbox!;
  const { memo } = (
    await server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '1.00' })
  ).payment;
  const emitted = await sandbox.pay({ amount, comment: memo });
  const watchedHash = BigInt(`0x${server.chain.watchedAccount.hash.toString('hex')}`);
  const template = emitted.find((tx) => tx.address === watchedHash && parseInboundJettonTransfer(tx, 'USDT'));
  if (!template?.inMessage) throw new Error('the sandbox payment did not reach the merchant jetton wallet');
  let lt = template.lt;
  return (memos) =>
    memos.map((comment) => {
      lt += 1_000_000n;
      const body = internalTransferBody({
        queryId: 0n,
        amount,
        from: sandbox.payerAddress,
        responseAddress: sandbox.payerAddress,
        forwardTonAmount: 1n,
        comment,
      });
      const copy: Transaction = { ...template, lt, inMessage: { ...template.inMessage!, body } };
      return loadTransaction(beginCell().store(storeTransaction(copy)).endCell().beginParse());
    });
}
