import { ASSETS, type AssetCode } from '../../contract/asset';
import type { ChainMode } from '../../contract/chain';
import { explorerLink } from '../../contract/explorer-link';
import type { PaymentLinks } from '../../contract/payments';
import type { Payment } from '../storage/records';

export interface ChainInfo {
  mode: ChainMode;
  /** merchant's main wallet, user-friendly form: customers pay to this (Toncoin lands on it), never to the jetton wallet */
  merchantAddress: string;
  /** the USDT jetton's master on this chain (mainnet's, the configured testnet one, or the sandbox's) */
  jettonMaster: string;
}

/**
 * A transfer of `amount` base units of `asset` to `to` with `text` as its comment, as ton:// and
 * Tonkeeper links (docs.ton.org, "ton:// deeplink"): a jetton names its master (`jetton=`), Toncoin
 * is the link's own unit, nanotons, and needs none.
 */
export function transferLinks(
  asset: AssetCode,
  to: string,
  amount: bigint,
  text: string,
  chain: Pick<ChainInfo, 'jettonMaster'>,
): Omit<PaymentLinks, 'checkout'> {
  const jetton = ASSETS[asset].kind === 'jetton' ? `jetton=${chain.jettonMaster}&` : '';
  const query = `${jetton}amount=${amount}&text=${encodeURIComponent(text)}`;
  return { ton: `ton://transfer/${to}?${query}`, tonkeeper: `https://app.tonkeeper.com/transfer/${to}?${query}` };
}

/** What a payment's customer opens: the hosted page, or their wallet with what is still due to the merchant's wallet. */
export function paymentLinks(
  payment: Pick<Payment, 'id' | 'amount' | 'paidAmount' | 'memo' | 'currency'>,
  chain: ChainInfo,
  publicUrl: string,
): PaymentLinks {
  const due = payment.amount > payment.paidAmount ? payment.amount - payment.paidAmount : payment.amount;
  return {
    checkout: `${publicUrl}/pay/${payment.id}`,
    ...transferLinks(payment.currency, chain.merchantAddress, due, payment.memo, chain),
  };
}

export function explorerTxUrl(mode: ChainInfo['mode'], txHash: string): string {
  return explorerLink(mode, 'transaction', txHash) ?? `sandbox:tx/${txHash}`;
}
