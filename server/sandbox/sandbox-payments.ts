// What SandboxChain.pay() sends: a genuine USDT payment, or one of the attacks the watcher
// must not credit.
import { beginCell, internal, toNano, type Address, type MessageRelaxed } from '@ton/core';
import { internal as rawInternal, type Blockchain, type SendMessageResult } from '@ton/sandbox';
import type { WalletContractV4 } from '@ton/ton';
import { internalTransferBody, jettonTransferBody, transferNotificationBody } from './jetton-messages';
import { JettonOp } from '../chain/jetton-ops';
import { jettonWalletInit } from './jetton-contracts';
import { walletTransfer, type Actor } from './sandbox-actors';

export type PayCase = 'fake-jetton' | 'forged' | 'bounced';

export interface PayOptions {
  /** base units (6 decimals) */
  amount: bigint;
  comment?: string | null;
  commentInRef?: boolean;
  /** nanoton for transfer_notification; defaults to 1 like Tonkeeper */
  forwardTonAmount?: bigint;
  case?: PayCase;
  /** bounced: the query id of the transfer that comes back (a refund the merchant sent); a fresh one by default */
  queryId?: bigint;
}

export interface PayTargets {
  bc: Blockchain;
  payer: Actor<WalletContractV4>;
  merchant: Address;
  jettonMaster: Address;
  merchantJettonWallet: Address;
  payerJettonWallet: Address;
  payerFakeJettonWallet: Address;
}

const DEFAULT_FORWARD_TON = 1n;
/** TON a wallet app attaches to a jetton transfer to pay for the whole chain of messages */
const TRANSFER_TON = toNano('0.1');

export function sendPayment(t: PayTargets, opts: PayOptions, now: number): Promise<SendMessageResult> {
  switch (opts.case) {
    case undefined:
      return walletTransfer(t.payer, [transferMessage(t, t.payerJettonWallet, opts, now)], now);
    case 'fake-jetton':
      return walletTransfer(t.payer, [transferMessage(t, t.payerFakeJettonWallet, opts, now)], now);
    case 'forged':
      return walletTransfer(t.payer, forgedMessages(t, opts, now), now);
    case 'bounced':
      return t.bc.sendMessage(bouncedInternalTransfer(t, opts, now));
  }
}

function transferMessage(t: PayTargets, ownJettonWallet: Address, opts: PayOptions, now: number): MessageRelaxed {
  const forwardTonAmount = opts.forwardTonAmount ?? DEFAULT_FORWARD_TON;
  const body = jettonTransferBody({
    queryId: BigInt(now),
    amount: opts.amount,
    destination: t.merchant,
    responseDestination: t.payer.wallet.address,
    forwardTonAmount,
    comment: opts.comment ?? null,
    commentInRef: opts.commentInRef ?? false,
  });
  return internal({ to: ownJettonWallet, value: TRANSFER_TON + forwardTonAmount, bounce: true, body });
}

/**
 * The payer's plain wallet pretends to be a jetton wallet: an internal_transfer straight to the
 * merchant's genuine jetton wallet (with its StateInit, so it reaches the code even before the
 * first deposit) and a transfer_notification straight to the merchant.
 */
function forgedMessages(t: PayTargets, opts: PayOptions, now: number): MessageRelaxed[] {
  const payer = t.payer.wallet.address;
  const common = {
    queryId: BigInt(now),
    amount: opts.amount,
    comment: opts.comment ?? null,
    commentInRef: opts.commentInRef ?? false,
  };
  const forgedTransfer = internalTransferBody({
    ...common,
    from: payer,
    responseAddress: payer,
    forwardTonAmount: opts.forwardTonAmount ?? DEFAULT_FORWARD_TON,
  });
  return [
    internal({
      to: t.merchantJettonWallet,
      value: TRANSFER_TON,
      bounce: true,
      init: jettonWalletInit(t.merchant, t.jettonMaster),
      body: forgedTransfer,
    }),
    internal({
      to: t.merchant,
      value: toNano('0.01'),
      bounce: false,
      body: transferNotificationBody({ ...common, sender: payer }),
    }),
  ];
}

/**
 * What the merchant's jetton wallet sees when its own outgoing transfer (a refund) bounces:
 * the bounced flag and 0xffffffff followed by the first 256 bits of the internal_transfer.
 */
function bouncedInternalTransfer(t: PayTargets, opts: PayOptions, now: number) {
  const original = internalTransferBody({
    queryId: opts.queryId ?? BigInt(now),
    amount: opts.amount,
    from: t.merchant,
    responseAddress: t.merchant,
    forwardTonAmount: opts.forwardTonAmount ?? DEFAULT_FORWARD_TON,
    comment: opts.comment ?? null,
    commentInRef: opts.commentInRef ?? false,
  });
  const body = beginCell().storeUint(JettonOp.bounced, 32).storeBits(original.beginParse().loadBits(256)).endCell();
  return rawInternal({
    from: t.payerJettonWallet,
    to: t.merchantJettonWallet,
    value: toNano('0.05'),
    bounce: false,
    bounced: true,
    body,
    createdAt: now,
    createdLt: t.bc.lt,
  });
}
