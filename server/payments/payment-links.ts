import type { ChainMode } from '../../contract/chain';
import type { PaymentLinks } from '../../contract/payments';
import type { Payment } from './payment-types';

export interface ChainInfo {
  mode: ChainMode;
  /** merchant's main wallet, user-friendly form: customers pay to this, never to the jetton wallet */
  merchantAddress: string;
  jettonMaster: string;
}

/** Deep links per docs.ton.org: amount in jetton base units, comment as `text`. */
export function paymentLinks(payment: Pick<Payment, 'id' | 'amount' | 'paidAmount' | 'memo'>, chain: ChainInfo, publicUrl: string): PaymentLinks {
  const due = payment.amount > payment.paidAmount ? payment.amount - payment.paidAmount : payment.amount;
  const query = `jetton=${chain.jettonMaster}&amount=${due}&text=${encodeURIComponent(payment.memo)}`;
  return {
    checkout: `${publicUrl}/pay/${payment.id}`,
    ton: `ton://transfer/${chain.merchantAddress}?${query}`,
    tonkeeper: `https://app.tonkeeper.com/transfer/${chain.merchantAddress}?${query}`,
  };
}

export function explorerTxUrl(mode: ChainInfo['mode'], txHash: string): string {
  if (mode === 'sandbox') return `sandbox:tx/${txHash}`;
  return `https://${mode === 'testnet' ? 'testnet.' : ''}tonviewer.com/transaction/${txHash}`;
}
