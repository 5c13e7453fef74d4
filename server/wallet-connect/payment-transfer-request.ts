import {
  friendlyAddress,
  JETTON_TRANSFER_ATTACHED_TON,
  ownJettonWallet,
  rawAddress,
  textCommentPayload,
} from '../chain/transfer-messages';
import type { ChainSource } from '../chain/types';
import { ASSETS, type AssetCode } from '../../contract/asset';
import type { TonConnectNetwork, WalletMessage, WalletTransferRequest } from '../../contract/wallet-connect';
import {
  requestValidUntil,
  TON_CONNECT_NETWORK_OF,
  walletJettonTransferPayload,
  type WalletPaymentTransfer,
} from './jetton-transfer-request';

export interface PaymentTransferRequestInput {
  asset: AssetCode;
  transfer: WalletPaymentTransfer;
  network: TonConnectNetwork;
  nowMs: number;
  expiresAtMs: number;
}

/** The chain a jetton request asks for the payer's own jetton wallet; a native one asks nothing. */
export interface JettonChain {
  source: ChainSource;
  /** the master of the payment's jetton, any address form */
  jettonMaster: string;
}

/**
 * The message that pays a native coin (Toncoin): straight to the merchant's wallet, the amount in
 * nanotons, the memo as a text comment body. Non-bounceable, as wallets send to a wallet: a store
 * wallet that has never sent anything is not deployed yet, and a bounceable message would bounce.
 */
function nativeMessage(t: WalletPaymentTransfer, testOnly: boolean): WalletMessage {
  return {
    address: friendlyAddress(t.merchant, { bounceable: false, testOnly }),
    amount: t.amount.toString(),
    payload: textCommentPayload(t.memo),
  };
}

/**
 * A jetton's message: to the payer's own jetton wallet, which the master names (`get_wallet_address`)
 * and the wallet confirms as the watcher checks the merchant's, carrying the TEP-74 transfer.
 */
async function jettonMessage(chain: JettonChain, t: WalletPaymentTransfer, testOnly: boolean): Promise<WalletMessage> {
  const wallet = await ownJettonWallet(chain.source, chain.jettonMaster, t.payer);
  return {
    address: friendlyAddress(wallet, { bounceable: true, testOnly }),
    amount: JETTON_TRANSFER_ATTACHED_TON.toString(),
    payload: walletJettonTransferPayload(t),
  };
}

/**
 * The complete sendTransaction request for what a payment still has due, in the payment's asset.
 * `from` in raw form, so a wallet connected as another account refuses to sign it. `chain` is
 * called only for a jetton (a native transfer needs nothing from the chain).
 */
export async function buildPaymentTransferRequest(
  chain: () => Promise<JettonChain>,
  input: PaymentTransferRequestInput,
): Promise<WalletTransferRequest> {
  const testOnly = input.network !== TON_CONNECT_NETWORK_OF.mainnet;
  const message =
    ASSETS[input.asset].kind === 'native'
      ? nativeMessage(input.transfer, testOnly)
      : await jettonMessage(await chain(), input.transfer, testOnly);
  return {
    validUntil: requestValidUntil(input.nowMs, input.expiresAtMs),
    network: input.network,
    from: rawAddress(input.transfer.payer),
    messages: [message],
  };
}
