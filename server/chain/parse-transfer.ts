// Turns raw transactions into jetton transfer facts. Never throws: a malformed message is
// "not a transfer" (or "no comment"), so one odd transaction can never stall the watcher.
import type { Address, Transaction } from '@ton/core';
import type { AssetCode } from '../../contract/asset';
import { BitCursor } from './bit-cursor';
import { JettonOp } from './jetton-ops';
import { decodeTextComment } from './text-comment';
import type { InboundTransfer, WalletMovement } from './types';

/** A transfer_notification that reached an owner wallet; the caller must check `jettonWallet`. */
export interface JettonTransferNotification extends Omit<InboundTransfer, 'asset'> {
  queryId: bigint;
  /** sender of the notification: must be the owner's genuine jetton wallet to be trusted */
  jettonWallet: string;
  /** true is normal for 1-nanoton notifications (compute skipped: no gas); still a real payment */
  aborted: boolean;
}

interface InboundBody {
  src: Address;
  body: BitCursor;
}

/** The body of a non-bounced internal inbound message carrying `op`, positioned after the op. */
function inboundBody(tx: Transaction, op: number): InboundBody | null {
  const msg = tx.inMessage;
  if (!msg || msg.info.type !== 'internal' || msg.info.bounced) return null;
  const body = new BitCursor(msg.body);
  if (body.remainingBits < 32 || body.uint(32) !== op) return null;
  return { src: msg.info.src, body };
}

function computeSucceeded(tx: Transaction): boolean {
  const d = tx.description;
  return d.type === 'generic' && !d.aborted && d.computePhase.type === 'vm' && d.computePhase.success;
}

/** The body of an inbound message carrying `op` that the wallet's code ran to success. */
function acceptedBody(tx: Transaction, op: number): InboundBody | null {
  return computeSucceeded(tx) ? inboundBody(tx, op) : null;
}

function txMeta(tx: Transaction): { txHash: string; lt: bigint; utime: number } {
  return { txHash: tx.hash().toString('hex'), lt: tx.lt, utime: tx.now };
}

/**
 * internal_transfer credited on the watched jetton wallet. Only a successful, non-bounced,
 * non-aborted transaction counts: the genuine wallet code aborts forged ones.
 */
export function parseInboundJettonTransfer(tx: Transaction, asset: AssetCode): InboundTransfer | null {
  try {
    const inbound = acceptedBody(tx, JettonOp.internalTransfer);
    if (!inbound) return null;
    const s = inbound.body;
    s.bigUint(64); // query_id
    const amount = s.coins();
    const from = s.maybeAddress();
    s.maybeAddress(); // response_address
    s.coins(); // forward_ton_amount
    return { asset, ...txMeta(tx), amount, from: from?.toString() ?? null, comment: readForwardComment(s) };
  } catch {
    return null;
  }
}

/**
 * `transfer` (0x0f8a7ea5) that the watched jetton wallet accepted: it lowered its balance and sent
 * an internal_transfer to the destination's wallet. The genuine wallet code aborts a transfer from
 * anyone but its owner (or, for a governed jetton, its master), so success is the check.
 */
export function parseOutgoingJettonTransfer(tx: Transaction, asset: AssetCode): WalletMovement | null {
  try {
    const inbound = acceptedBody(tx, JettonOp.transfer);
    if (!inbound) return null;
    const s = inbound.body;
    const queryId = s.bigUint(64);
    const amount = s.coins();
    const destination = s.address();
    s.maybeAddress(); // response_destination
    s.skipMaybeRef(); // custom_payload
    s.coins(); // forward_ton_amount
    return {
      asset,
      ...txMeta(tx),
      kind: 'sent',
      amount,
      counterparty: destination.toString(),
      initiator: inbound.src.toString(),
      comment: readForwardComment(s),
      queryId,
    };
  } catch {
    return null;
  }
}

/**
 * An internal_transfer this wallet sent that came back bounced (the receiving wallet refused it):
 * the wallet code adds the amount back. A bounce carries only the first 256 bits of the original
 * body: op, query_id and the start of the amount, which the coins field fits in for any real sum.
 */
export function parseReturnedJettonTransfer(tx: Transaction, asset: AssetCode): WalletMovement | null {
  try {
    if (!computeSucceeded(tx)) return null;
    const msg = tx.inMessage;
    if (!msg || msg.info.type !== 'internal' || !msg.info.bounced) return null;
    const s = new BitCursor(msg.body);
    if (s.uint(32) !== JettonOp.bounced || s.uint(32) !== JettonOp.internalTransfer) return null;
    const queryId = s.bigUint(64);
    const amount = s.coins();
    return {
      asset,
      ...txMeta(tx),
      kind: 'returned',
      amount,
      counterparty: msg.info.src.toString(),
      initiator: null,
      comment: null,
      queryId,
    };
  } catch {
    return null;
  }
}

/**
 * transfer_notification on an owner wallet. Deliberately not gated on compute success or
 * `aborted`: with the usual 1-nanoton forward the owner wallet cannot buy gas, yet the jettons
 * have already arrived.
 */
export function parseTransferNotification(tx: Transaction): JettonTransferNotification | null {
  try {
    const inbound = inboundBody(tx, JettonOp.transferNotification);
    if (!inbound) return null;
    const s = inbound.body;
    const queryId = s.bigUint(64);
    const amount = s.coins();
    const from = s.maybeAddress();
    const d = tx.description;
    return {
      ...txMeta(tx),
      amount,
      from: from?.toString() ?? null,
      comment: readForwardComment(s),
      queryId,
      jettonWallet: inbound.src.toString(),
      aborted: d.type === 'generic' ? d.aborted : true,
    };
  } catch {
    return null;
  }
}

/** Reads forward_payload (Either Cell ^Cell) and returns its text comment, if it is one. */
export function readForwardComment(s: BitCursor): string | null {
  try {
    if (s.remainingBits < 1) return null;
    const payload = s.bit() ? (s.remainingRefs === 1 ? s.ref() : null) : s;
    if (!payload || payload.remainingBits < 32 || payload.uint(32) !== JettonOp.textComment) return null;
    return decodeTextComment(payload);
  } catch {
    return null;
  }
}
