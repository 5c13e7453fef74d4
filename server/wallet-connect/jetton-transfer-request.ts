import { JETTON_TRANSFER_ATTACHED_TON, jettonTransferPayload } from '../chain/transfer-messages';
import type { TonConnectNetwork } from '../../contract/wallet-connect';
import type { ChainMode } from '../../contract/chain';

export { JETTON_TRANSFER_ATTACHED_TON };
/** At least 1 nanoton: with 0 the merchant's wallet gets no transfer_notification, so no comment is seen. */
export const FORWARD_TON_AMOUNT = 1n;
/** A signed request stays good for at most 5 minutes (the TON Connect docs' advice, and the issue's). */
export const REQUEST_LIFETIME_SECONDS = 300;

/** TON Connect's CHAIN ids: mainnet -239, testnet -3; the offline sandbox presents itself as testnet. */
export const TON_CONNECT_NETWORK_OF: Record<ChainMode, TonConnectNetwork> = {
  mainnet: '-239',
  testnet: '-3',
  sandbox: '-3',
};

/** What a payment's wallet request pays, whatever the asset. Addresses in any TON form. */
export interface WalletPaymentTransfer {
  queryId: bigint;
  /** base units of the payment's asset still due */
  amount: bigint;
  /** the merchant's own wallet (for a jetton the owner, never its jetton wallet: the jetton wallets work that out) */
  merchant: string;
  /** the payer: for a jetton it gets the excesses back */
  payer: string;
  memo: string;
}

/**
 * The body of TEP-74 `transfer` the payer's wallet sends to its own jetton wallet, base64: no
 * custom payload, 1 nanoton forwarded, the memo as a text comment in a ref of forward_payload, as
 * Tonkeeper writes it (a ref holds a comment of any length; the watcher reads both layouts).
 */
export function walletJettonTransferPayload(t: WalletPaymentTransfer): string {
  return jettonTransferPayload({
    queryId: t.queryId,
    amount: t.amount,
    destination: t.merchant,
    responseDestination: t.payer,
    forwardTonAmount: FORWARD_TON_AMOUNT,
    memo: t.memo,
  });
}

/** validUntil in unix seconds: five minutes ahead, never past the payment's expiry. */
export function requestValidUntil(nowMs: number, expiresAtMs: number): number {
  return Math.min(Math.floor(nowMs / 1000) + REQUEST_LIFETIME_SECONDS, Math.floor(expiresAtMs / 1000));
}
