import { toNano, type Address, type Cell } from '@ton/core';
import { jettonTransferBody } from '../chain/jetton-transfer-body';
import { resolveJettonWallet } from '../chain/jetton-wallet-check';
import type { ChainSource } from '../chain/types';
import type { TonConnectNetwork, WalletTransferRequest } from '../../contract/wallet-connect';
import type { ChainMode } from '../../contract/chain';

/**
 * TON attached to the message to the payer's jetton wallet: what Tonkeeper attaches to a jetton
 * transfer (0.05 TON). It pays the jetton wallets' gas and the 1 nanoton forward; the jetton wallet
 * returns what is left to the response destination (the payer) as `excesses`.
 */
export const JETTON_TRANSFER_ATTACHED_TON = toNano('0.05');
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

export interface WalletJettonTransfer {
  queryId: bigint;
  /** base units still due */
  amount: bigint;
  /** the merchant's own wallet (the owner), never its jetton wallet: the jetton wallets work that out */
  merchant: Address;
  /** the payer: it gets the excesses back */
  payer: Address;
  memo: string;
}

/**
 * The body of TEP-74 `transfer` the payer's wallet sends to its own jetton wallet: no custom
 * payload, 1 nanoton forwarded, and the memo as a text comment in a ref of forward_payload, as
 * Tonkeeper writes it (a ref holds a comment of any length; the watcher reads both layouts).
 */
export function walletJettonTransferBody(t: WalletJettonTransfer): Cell {
  return jettonTransferBody({
    queryId: t.queryId,
    amount: t.amount,
    destination: t.merchant,
    responseDestination: t.payer,
    forwardTonAmount: FORWARD_TON_AMOUNT,
    comment: t.memo,
    commentInRef: true,
  });
}

/** validUntil in unix seconds: five minutes ahead, never past the payment's expiry. */
export function requestValidUntil(nowMs: number, expiresAtMs: number): number {
  return Math.min(Math.floor(nowMs / 1000) + REQUEST_LIFETIME_SECONDS, Math.floor(expiresAtMs / 1000));
}

export interface TransferRequestInput {
  transfer: WalletJettonTransfer;
  network: TonConnectNetwork;
  nowMs: number;
  expiresAtMs: number;
}

/**
 * The complete sendTransaction request: one message to the payer's own USDT jetton wallet, which
 * the USDT master names (`get_wallet_address`) and the wallet confirms, as the watcher checks the
 * merchant's. `from` in raw form, so a wallet connected as another account refuses to sign it.
 */
export async function buildWalletTransferRequest(
  chain: { source: ChainSource; jettonMaster: Address },
  input: TransferRequestInput,
): Promise<WalletTransferRequest> {
  const { wallet } = await resolveJettonWallet(chain.source, chain.jettonMaster, input.transfer.payer);
  const testOnly = input.network !== TON_CONNECT_NETWORK_OF.mainnet;
  return {
    validUntil: requestValidUntil(input.nowMs, input.expiresAtMs),
    network: input.network,
    from: input.transfer.payer.toRawString(),
    messages: [
      {
        address: wallet.toString({ bounceable: true, testOnly }),
        amount: JETTON_TRANSFER_ATTACHED_TON.toString(),
        payload: walletJettonTransferBody(input.transfer).toBoc().toString('base64'),
      },
    ],
  };
}
