import { Address } from '@ton/core';
import { jettonTransferBody } from '../chain/jetton-transfer-body';
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
 * refund `sent` when it sees exactly this leave the store's jetton wallet: its memo, its amount, its
 * destination (payments/refund-service.ts), so the request carries nothing else to get wrong.
 */

/** Only a refund still waiting for the wallet is asked for: a sent one would go twice, a cancelled one is no longer matched as asked. */
export function checkRefundAwaitingSignature(refund: Pick<RefundRecord, 'status'>): void {
  if (refund.status !== 'awaiting_signature')
    throw invalidTransition(`refund is ${refund.status}; only a refund awaiting the wallet's signature can be sent`);
}

/**
 * The connected wallet must be the store's receiving wallet: the jettons are in its jetton wallet,
 * and any other wallet would be asked to sign a transfer from a jetton wallet it does not own.
 * `storeShown` is the address as the console shows it, so the merchant knows which one to connect.
 */
export function checkRefundSender(from: Address, store: Address, storeShown: string): void {
  if (from.equals(store)) return;
  throw invalidTransition(`Connect the store's wallet ${storeShown}: refunds leave from it`, 'from');
}

export interface RefundTransferInput {
  refund: Pick<RefundRecord, 'amount' | 'destination' | 'memo'>;
  /** the store's receiving wallet: it signs, and the excesses come back to it */
  merchant: Address;
  /** the store's USDT jetton wallet, the one the watcher reads */
  storeJettonWallet: Address;
  network: TonConnectNetwork;
  nowMs: number;
  queryId: bigint;
}

/**
 * One message to the store's jetton wallet with the attached TON wallets attach, its body a TEP-74
 * transfer of the refund's amount to its destination with the memo as the comment (in a ref, as
 * Tonkeeper writes it and the sandbox's own refunds do); 1 nanoton forwarded so the recipient's
 * wallet is notified and shows the comment. `from` raw, so a wallet connected as another account
 * refuses to sign it.
 */
export function buildRefundTransferRequest(input: RefundTransferInput): WalletTransferRequest {
  const body = jettonTransferBody({
    queryId: input.queryId,
    amount: input.refund.amount,
    destination: Address.parse(input.refund.destination),
    responseDestination: input.merchant,
    forwardTonAmount: FORWARD_TON_AMOUNT,
    comment: input.refund.memo,
    commentInRef: true,
  });
  const testOnly = input.network !== TON_CONNECT_NETWORK_OF.mainnet;
  return {
    validUntil: Math.floor(input.nowMs / 1000) + REQUEST_LIFETIME_SECONDS,
    network: input.network,
    from: input.merchant.toRawString(),
    messages: [
      {
        address: input.storeJettonWallet.toString({ bounceable: true, testOnly }),
        amount: JETTON_TRANSFER_ATTACHED_TON.toString(),
        payload: body.toBoc().toString('base64'),
      },
    ],
  };
}
