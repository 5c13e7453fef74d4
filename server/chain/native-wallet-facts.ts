// The Toncoin side of the seam: what the store's own wallet's transactions did to its balance. An
// inbound payment becomes an InboundTransfer; the wallet's own sends and the bounces that bring them
// back become WalletMovements, so the books can explain every nanoton that left or came back.
// Never throws: a transaction it cannot read is simply not a fact.
import type { Address, Cell, Transaction } from '@ton/core';
import type { AssetCode } from '../../contract/asset';
import { BitCursor } from './bit-cursor';
import { JettonOp } from './jetton-ops';
import { parseNativeTransfer } from './parse-native-transfer';
import { decodeTextComment } from './text-comment';
import type { InboundTransfer, WalletMovement } from './types';

export interface WalletFacts {
  transfers: InboundTransfer[];
  movements: WalletMovement[];
}

const txMeta = (tx: Transaction) => ({ txHash: tx.hash().toString('hex'), lt: tx.lt, utime: tx.now });

/** An incoming Toncoin payment to `wallet` (the checks are parseNativeTransfer's), or null. */
export function parseInboundNative(tx: Transaction, wallet: Address, asset: AssetCode): InboundTransfer | null {
  const verdict = parseNativeTransfer(tx, wallet);
  if (!verdict.ok) return null;
  const { txHash, lt, utime, from, amount, memo } = verdict.transfer;
  return { asset, txHash, lt, utime, amount, from, comment: memo };
}

/**
 * Toncoin the wallet sent because its owner signed it (an external-in message): a refund, a
 * withdrawal, or the TON attached to a jetton transfer it asked its jetton wallet to make. The amount
 * is what the outgoing messages carried; with several, their sum and no single counterparty or comment.
 */
export function parseSentNative(tx: Transaction, wallet: Address, asset: AssetCode): WalletMovement | null {
  try {
    if (tx.inMessage?.info.type !== 'external-in') return null;
    const sends = [...tx.outMessages.values()].flatMap((m) => (m.info.type === 'internal' ? [m] : []));
    if (sends.length === 0) return null;
    const amount = sends.reduce((sum, m) => sum + (m.info.type === 'internal' ? m.info.value.coins : 0n), 0n);
    const only = sends.length === 1 ? sends[0] : undefined;
    return {
      asset,
      ...txMeta(tx),
      kind: 'sent',
      amount,
      counterparty: only?.info.type === 'internal' ? only.info.dest.toString() : null,
      initiator: wallet.toString(),
      comment: only ? textComment(only.body) : null,
      queryId: 0n,
    };
  } catch {
    return null;
  }
}

/**
 * One of the wallet's sends that came back bounced: the value returned. A bounce keeps only the first
 * 256 bits of the original body (0xffffffff, then op 0 and the start of the comment for a plain
 * transfer), so the comment is the prefix it carries, which is enough to name a refund's short memo.
 */
export function parseReturnedNative(tx: Transaction, wallet: Address, asset: AssetCode): WalletMovement | null {
  try {
    const msg = tx.inMessage;
    if (msg?.info.type !== 'internal' || !msg.info.bounced || !msg.info.dest.equals(wallet)) return null;
    const body = new BitCursor(msg.body);
    const prefix = body.remainingBits >= 32 && body.uint(32) === JettonOp.bounced ? body : null;
    const comment = prefix && prefix.remainingBits >= 32 && prefix.uint(32) === JettonOp.textComment ? prefix : null;
    return {
      asset,
      ...txMeta(tx),
      kind: 'returned',
      amount: msg.info.value.coins,
      counterparty: msg.info.src.toString(),
      initiator: null,
      comment: comment ? decodeTextComment(comment) : null,
      queryId: 0n,
    };
  } catch {
    return null;
  }
}

/** Every Toncoin fact in the transactions of the store's own wallet. */
export function nativeWalletFacts(
  transactions: readonly Transaction[],
  wallet: Address,
  asset: AssetCode,
): WalletFacts {
  const transfers: InboundTransfer[] = [];
  const movements: WalletMovement[] = [];
  for (const tx of transactions) {
    const transfer = parseInboundNative(tx, wallet, asset);
    if (transfer) {
      transfers.push(transfer);
      continue;
    }
    const movement = parseSentNative(tx, wallet, asset) ?? parseReturnedNative(tx, wallet, asset);
    if (movement) movements.push(movement);
  }
  return { transfers, movements };
}

/** A plain transfer's text comment (op 0), or null for an empty body or any other op. */
function textComment(body: Cell): string | null {
  const s = new BitCursor(body);
  if (s.remainingBits < 32 || s.uint(32) !== JettonOp.textComment) return null;
  return decodeTextComment(s);
}
