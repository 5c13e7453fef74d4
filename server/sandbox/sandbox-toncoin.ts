// Toncoin on the sandbox chain: a customer's plain transfer to the store's own wallet (and the cases
// the watcher must not credit), and the merchant's own plain transfers (a refund, a withdrawal).
import { Address, beginCell, comment as textComment, internal, toNano, type Cell } from '@ton/core';
import { internal as rawInternal, type Blockchain, type SendMessageResult } from '@ton/sandbox';
import type { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { JettonOp } from '../chain/jetton-ops';
import { jettonTransferBody } from './jetton-messages';
import { walletTransfer, type Actor } from './sandbox-actors';

/**
 * bounced: a message marked bounced reaches the store's wallet carrying the memo. The network sets
 * that flag only on one of the store's own sends coming back (a refund to a wallet that refused it),
 * so the memo in it never pays anything; it is what the wallet sees, built as the network builds it.
 * from-contract: a contract's message carrying TON (the payer's jetton wallet returning the excess
 * of a jetton transfer to the store as its response address): gas change, never a payment.
 */
export type ToncoinPayCase = 'bounced' | 'from-contract';

export interface ToncoinPayOptions {
  /** nanotons */
  amount: bigint;
  comment?: string | null;
  case?: ToncoinPayCase;
  /** bounced: who refused it (the payer by default), text in any form for callers outside chain/ and sandbox/ */
  from?: Address | string;
}

export interface ToncoinTargets {
  bc: Blockchain;
  payer: Actor<WalletContractV4>;
  merchant: Address;
  payerJettonWallet: Address;
  /** where the from-contract case's jetton transfer goes (the sandbox's exchange stand-in) */
  exchange: Address;
}

const bodyOf = (text: string | null | undefined): Cell => (text ? textComment(text) : beginCell().endCell());

export function sendToncoinPayment(
  t: ToncoinTargets,
  opts: ToncoinPayOptions,
  now: number,
): Promise<SendMessageResult> {
  switch (opts.case) {
    case undefined: {
      // a wallet app pays another wallet non-bounceable: the value stays even if it were not deployed
      const message = internal({ to: t.merchant, value: opts.amount, bounce: false, body: bodyOf(opts.comment) });
      return walletTransfer(t.payer, [message], now);
    }
    case 'bounced':
      return t.bc.sendMessage(bouncedTransfer(t, opts, now));
    case 'from-contract':
      return walletTransfer(t.payer, [excessToStore(t, now)], now);
  }
}

/** A bounce keeps 0xffffffff and the first 256 bits of the original body: op 0 and the start of the comment. */
function bouncedTransfer(t: ToncoinTargets, opts: ToncoinPayOptions, now: number) {
  const original = bodyOf(opts.comment).beginParse();
  const body = beginCell()
    .storeUint(JettonOp.bounced, 32)
    .storeBits(original.loadBits(Math.min(256, original.remainingBits)))
    .endCell();
  return rawInternal({
    from: typeof opts.from === 'string' ? Address.parse(opts.from) : (opts.from ?? t.payer.wallet.address),
    to: t.merchant,
    value: opts.amount,
    bounce: false,
    bounced: true,
    body,
    createdAt: now,
    createdLt: t.bc.lt,
  });
}

/** One micro-USDT to the exchange with the store as response address: the store receives the excesses. */
function excessToStore(t: ToncoinTargets, now: number) {
  const body = jettonTransferBody({
    queryId: BigInt(now),
    amount: 1n,
    destination: t.exchange,
    responseDestination: t.merchant,
    forwardTonAmount: 0n,
    comment: null,
  });
  return internal({ to: t.payerJettonWallet, value: toNano('0.1'), bounce: true, body });
}

export interface MerchantToncoinOptions {
  /** nanotons */
  amount: bigint;
  /** text in any form, for callers outside chain/ and sandbox/ */
  destination: Address | string;
  comment?: string | null;
}

/** A plain transfer from the store's own wallet, as its wallet app sends one: bounceable, so a refusal brings it back. */
export function sendToncoinFromMerchant(
  merchant: Actor<WalletContractV5R1>,
  opts: MerchantToncoinOptions,
  now: number,
): Promise<SendMessageResult> {
  const message = internal({ to: opts.destination, value: opts.amount, bounce: true, body: bodyOf(opts.comment) });
  return walletTransfer(merchant, [message], now);
}
