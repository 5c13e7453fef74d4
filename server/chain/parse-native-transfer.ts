// Decides whether a transaction of the store's own wallet is an incoming Toncoin payment. Pure and
// never throws: whatever the chain holds, the answer is a transfer or a named reason it is not one.
//
// The checks follow the TON documentation for Toncoin deposits:
// - https://docs.ton.org/v3/guidelines/dapps/asset-processing/payments-processing ("Invoice-based
//   approach", "Check contract's transactions"): only transactions whose inbound message has a
//   source (not external) count, and a deposit is one inbound message with zero outgoing ones;
//   otherwise the owner spent, or the value went back.
// - https://docs.ton.org/payments/toncoin ("Common abuse patterns"): dust payments sent to inflate
//   processing costs.
// - Comments are TEP text comments: op 0, then UTF-8 text continued "snake" style across refs.
import type { Address, Cell, Transaction } from '@ton/core';
import { BitCursor } from './bit-cursor';
import { JettonOp } from './jetton-ops';
import { decodeTextComment } from './text-comment';

/**
 * Below this an incoming message costs the store more than it brings. The receiving wallet pays the
 * compute gas of every inbound message out of its own balance (about 0.00004-0.0004 TON on mainnet
 * today: 38 468-396 400 nanotons in the real vectors), so dust of a few nanotons is spam that
 * leaves the wallet poorer (the docs' "dust payments" abuse pattern). 0.001 TON keeps every real
 * price a shop would charge and stays above what receiving the message can cost. Above it a wallet
 * can always buy gas, so the docs' `cskip_no_gas` case (value kept, no code run) falls below it.
 */
export const NATIVE_PAYMENT_FLOOR = 1_000_000n;

/** op of an encrypted comment (wallets' "encrypted message"): a payment whose memo we cannot read */
const ENCRYPTED_COMMENT_OP = 0x2167da4b;

export interface InboundNativeTransfer {
  /** transaction hash, lowercase hex: the idempotency key */
  txHash: string;
  lt: bigint;
  /** unix seconds */
  utime: number;
  /** sender, friendly form */
  from: string;
  /** nanotons (9 decimals) carried by the inbound message */
  amount: bigint;
  /** decoded text comment; null when there is none or it is not readable text */
  memo: string | null;
  /** the sender asked for a bounce on failure: usually a contract, or a wallet sending bounceable */
  bounce: boolean;
}

export type NativeRefusal =
  /** no inbound message, or not one carrying value (a tick-tock, a storage or split transaction) */
  | 'not_internal'
  /** the wallet's own signed send: value leaves, none arrives */
  | 'external_in'
  /** the transaction is not on the wallet we were asked about */
  | 'other_account'
  /** one of our own messages returned; never a payment */
  | 'bounced'
  | 'below_fee_floor'
  /** the compute or action phase failed; a bounceable value went back to its sender */
  | 'aborted'
  /** the wallet sent messages while handling it: not the one-in, zero-out shape of a deposit */
  | 'has_outgoing'
  /** a contract's message (a jetton notification, excesses, ...): the TON it carries is gas, not a payment */
  | 'contract_call';

export type NativeTransferVerdict =
  { ok: true; transfer: InboundNativeTransfer } | { ok: false; reason: NativeRefusal };

const refuse = (reason: NativeRefusal): NativeTransferVerdict => ({ ok: false, reason });

/**
 * Aborted, or a compute or action phase that failed. A bounceable value then went back to its sender;
 * a non-bounceable one may have stayed (an undeployed wallet), which the books see in the balance.
 */
function phasesFailed(tx: Transaction): boolean {
  const d = tx.description;
  if (d.type !== 'generic' || d.aborted) return true;
  if (d.computePhase.type === 'vm' && !d.computePhase.success) return true;
  return d.actionPhase !== undefined && d.actionPhase !== null && !d.actionPhase.success;
}

/** Is `tx` an incoming Toncoin payment to `wallet`? The caller matches the memo and the amount. */
export function parseNativeTransfer(tx: Transaction, wallet: Address): NativeTransferVerdict {
  const msg = tx.inMessage;
  if (!msg) return refuse('not_internal');
  if (msg.info.type === 'external-in') return refuse('external_in');
  if (msg.info.type !== 'internal') return refuse('not_internal');
  const info = msg.info;
  if (!info.dest.equals(wallet) || tx.address !== BigInt(`0x${wallet.hash.toString('hex')}`)) {
    return refuse('other_account');
  }
  if (info.bounced) return refuse('bounced');
  if (tx.description.type !== 'generic') return refuse('not_internal');
  if (info.value.coins < NATIVE_PAYMENT_FLOOR) return refuse('below_fee_floor');
  if (phasesFailed(tx)) return refuse('aborted');
  if (tx.outMessagesCount > 0) return refuse('has_outgoing');
  const memo = readMemo(msg.body);
  if (memo === CONTRACT_CALL) return refuse('contract_call');
  return {
    ok: true,
    transfer: {
      txHash: tx.hash().toString('hex'),
      lt: tx.lt,
      utime: tx.now,
      from: info.src.toString(),
      amount: info.value.coins,
      memo,
      bounce: info.bounce,
    },
  };
}

const CONTRACT_CALL = Symbol('contract call');

/** The body's text comment, null for no (or unreadable) comment, CONTRACT_CALL for any other op. */
function readMemo(body: Cell): string | null | typeof CONTRACT_CALL {
  try {
    const s = new BitCursor(body);
    if (s.remainingBits < 32) return null; // an empty body: a plain transfer without comment
    const op = s.uint(32);
    if (op === ENCRYPTED_COMMENT_OP) return null;
    if (op !== JettonOp.textComment) return CONTRACT_CALL;
    return decodeTextComment(s);
  } catch {
    return null;
  }
}
