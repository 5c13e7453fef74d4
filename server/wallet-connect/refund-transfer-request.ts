import { ASSETS, type AssetCode } from '../../contract/asset';
import { friendlyAddress, jettonTransferPayload, sameAddress, textCommentPayload } from '../chain/transfer-messages';
import { invalidTransition } from '../domain/errors';
import type { RefundRecord } from '../storage/ledger-repositories';
import type { TonConnectNetwork, WalletTransferRequest } from '../../contract/wallet-connect';
import {
  FORWARD_TON_AMOUNT,
  JETTON_TRANSFER_ATTACHED_TON,
  REQUEST_LIFETIME_SECONDS,
  TON_CONNECT_NETWORK_OF,
} from './jetton-transfer-request';

/**
 * "Send with my wallet" on a waiting refund (issue 30): the refund's transfer as a complete TON
 * Connect request for the store's own wallet, the one the refund leaves from. The watcher turns the
 * refund `sent` when it sees exactly this leave the store: its memo, its amount, its destination
 * (payments/refund-service.ts), so the request carries nothing else to get wrong.
 */

/** Only a refund still waiting for the wallet is asked for: a sent one would go twice, a cancelled one is no longer matched as asked. */
export function checkRefundAwaitingSignature(refund: Pick<RefundRecord, 'status'>): void {
  if (refund.status !== 'awaiting_signature')
    throw invalidTransition(`refund is ${refund.status}; only a refund awaiting the wallet's signature can be sent`);
}

/**
 * The connected wallet must be the store's receiving wallet: the Toncoin is in it and the jettons in
 * its jetton wallet, and any other wallet would be asked to send what it does not hold.
 * `storeShown` is the address as the console shows it, so the merchant knows which one to connect.
 */
export function checkRefundSender(from: string, storeShown: string): void {
  if (sameAddress(from, storeShown)) return;
  throw invalidTransition(`Connect the store's wallet ${storeShown}: refunds leave from it`, 'from');
}

export interface RefundTransferInput {
  refund: Pick<RefundRecord, 'amount' | 'destination' | 'memo'>;
  /** the asset the refunded payment was paid in: the refund goes back in it */
  asset: AssetCode;
  /** the store's receiving wallet, raw: it signs */
  merchant: string;
  /** the store's USDT jetton wallet, the one the watcher reads (unused for Toncoin) */
  storeJettonWallet: string | null;
  network: TonConnectNetwork;
  nowMs: number;
  queryId: bigint;
}

/**
 * One message: for Toncoin the refund itself, from the store's wallet to the destination with the
 * memo as its comment; for USDT a jetton transfer through the store's jetton wallet with the TON
 * wallets attach and 1 nanoton forwarded, so the recipient's wallet is notified and shows the
 * comment. `from` raw, so a wallet connected as another account refuses to sign it.
 */
export function buildRefundTransferRequest(input: RefundTransferInput): WalletTransferRequest {
  return {
    validUntil: Math.floor(input.nowMs / 1000) + REQUEST_LIFETIME_SECONDS,
    network: input.network,
    from: input.merchant,
    messages: [refundMessage(input, input.network !== TON_CONNECT_NETWORK_OF.mainnet)],
  };
}

function refundMessage(input: RefundTransferInput, testOnly: boolean): WalletTransferRequest['messages'][number] {
  const { refund } = input;
  if (ASSETS[input.asset].kind === 'native')
    // non-bounceable, as wallets send to wallets: a recipient's wallet not deployed yet still gets it
    return {
      address: friendlyAddress(refund.destination, { bounceable: false, testOnly }),
      amount: refund.amount.toString(),
      payload: textCommentPayload(refund.memo),
    };
  if (!input.storeJettonWallet)
    throw new Error("a jetton refund leaves from the store's jetton wallet, and none is known");
  return {
    address: friendlyAddress(input.storeJettonWallet, { bounceable: true, testOnly }),
    amount: JETTON_TRANSFER_ATTACHED_TON.toString(),
    payload: jettonTransferPayload({
      queryId: input.queryId,
      amount: refund.amount,
      destination: refund.destination,
      responseDestination: input.merchant,
      forwardTonAmount: FORWARD_TON_AMOUNT,
      memo: refund.memo,
    }),
  };
}
