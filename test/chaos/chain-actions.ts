import { Address } from '@ton/core';
import type { ServedChain } from '../postgres/shared-ledger-kit';
import { usdtText, type ChaosApi, type Outcome } from './chaos-client';

export interface PaymentBody {
  id: string;
  amount: string;
  paidAmount: string;
  memo: string;
}

/** What a send on the chain came to: every transaction it caused (the credited one is among them). */
export interface Sent {
  txHashes: string[];
  payment?: PaymentBody;
}

export interface RefundToSend {
  id: string;
  amount: bigint;
  destination: string;
  memo: string;
}

/**
 * Who moves money on the chain during a chaos run. On SQLite the service's own sandbox does, through
 * the console's simulator (a request, which a kill can cut: its outcome may be lost). With several
 * instances on PostgreSQL each instance's sandbox would be an emulator of its own, so the run holds
 * the one chain they all watch and sends on it itself (always acknowledged: nothing is killed there).
 */
export interface ChainActions {
  /** a customer pays `amount` with the payment's memo */
  pay(api: ChaosApi, payment: { id: string; memo: string }, amount: bigint): Promise<Outcome<Sent>>;
  /** the merchant's wallet sends the refund exactly as asked */
  sendRefund(api: ChaosApi, refund: RefundToSend): Promise<Outcome<Sent>>;
}

export const simulatorActions: ChainActions = {
  pay: (api, payment, amount) =>
    api.console<Sent>('POST', '/simulator/pay', { paymentId: payment.id, amount: usdtText(amount) }),
  sendRefund: (api, refund) => api.console<Sent>('POST', '/simulator/refund', { refundId: refund.id, case: 'exact' }),
};

export function servedChainActions(served: ServedChain): ChainActions {
  const sent = (txs: Array<{ hash(): Buffer }>): Outcome<Sent> => ({
    kind: 'ok',
    status: 200,
    body: { txHashes: txs.map((tx) => tx.hash().toString('hex')) },
  });
  return {
    pay: async (_api, payment, amount) => sent(await served.pay(amount, payment.memo)),
    sendRefund: async (_api, refund) =>
      sent(await served.sendFromMerchant(refund.amount, Address.parse(refund.destination), refund.memo)),
  };
}
