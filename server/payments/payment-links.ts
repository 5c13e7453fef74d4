import type { ChainMode } from '../../contract/chain';
import { explorerLink } from '../../contract/explorer-link';
import type { PaymentLinks } from '../../contract/payments';
import type { Payment } from '../storage/records';

export interface ChainInfo {
  mode: ChainMode;
  /** merchant's main wallet, user-friendly form: customers pay to this, never to the jetton wallet */
  merchantAddress: string;
  jettonMaster: string;
}

/** A USDT transfer of `amount` base units to `to` with `text` as its comment, as ton:// and Tonkeeper links (docs.ton.org). */
export function jettonTransferLinks(
  to: string,
  amount: bigint,
  text: string,
  chain: Pick<ChainInfo, 'jettonMaster'>,
): Omit<PaymentLinks, 'checkout'> {
  const query = `jetton=${chain.jettonMaster}&amount=${amount}&text=${encodeURIComponent(text)}`;
  return { ton: `ton://transfer/${to}?${query}`, tonkeeper: `https://app.tonkeeper.com/transfer/${to}?${query}` };
}

/** What a payment's customer opens: the hosted page, or their wallet with what is still due to the merchant's wallet. */
export function paymentLinks(
  payment: Pick<Payment, 'id' | 'amount' | 'paidAmount' | 'memo'>,
  chain: ChainInfo,
  publicUrl: string,
): PaymentLinks {
  const due = payment.amount > payment.paidAmount ? payment.amount - payment.paidAmount : payment.amount;
  return {
    checkout: `${publicUrl}/pay/${payment.id}`,
    ...jettonTransferLinks(chain.merchantAddress, due, payment.memo, chain),
  };
}

export function explorerTxUrl(mode: ChainInfo['mode'], txHash: string): string {
  return explorerLink(mode, 'transaction', txHash) ?? `sandbox:tx/${txHash}`;
}
