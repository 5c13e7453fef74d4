// What the merchant's own wallet app would send: a USDT transfer out of the store's jetton wallet
// (a withdrawal to an exchange, or a refund). Only the sandbox can do this, because only the
// sandbox holds the merchant wallet's key; the service itself never does.
import { randomBytes } from 'node:crypto';
import { Address, internal, toNano } from '@ton/core';
import type { SendMessageResult } from '@ton/sandbox';
import type { WalletContractV5R1 } from '@ton/ton';
import { jettonTransferBody } from './jetton-messages';
import { walletTransfer, type Actor } from './sandbox-actors';

export interface MerchantSendOptions {
  /** base units */
  amount: bigint;
  /** the recipient's owner address (text in any form, for callers outside chain/ and sandbox/) */
  destination: Address | string;
  comment?: string | null;
}

/** TON a wallet app attaches to a jetton transfer; the excess comes back to the merchant. */
const TRANSFER_TON = toNano('0.1');

export function sendFromMerchant(
  merchant: Actor<WalletContractV5R1>,
  merchantJettonWallet: Address,
  opts: MerchantSendOptions,
  now: number,
): Promise<SendMessageResult> {
  const body = jettonTransferBody({
    // random, as wallet apps pick it: a bounce brings it back, and two sends in one second must not share one
    queryId: randomBytes(8).readBigUInt64BE(),
    amount: opts.amount,
    destination: typeof opts.destination === 'string' ? Address.parse(opts.destination) : opts.destination,
    responseDestination: merchant.wallet.address,
    forwardTonAmount: 1n,
    comment: opts.comment ?? null,
    commentInRef: true,
  });
  return walletTransfer(
    merchant,
    [internal({ to: merchantJettonWallet, value: TRANSFER_TON, bounce: true, body })],
    now,
  );
}
