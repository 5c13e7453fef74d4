// Builders for TEP-74 jetton messages (the layouts USDT uses): the sandbox kit sends them, tests build inputs with them.
import { beginCell, type Address, type Builder, type Cell } from '@ton/core';
import { JettonOp } from '../chain/jetton-ops';

/** A text comment: op 0, then UTF-8 text continued snake-style into refs. */
export function commentCell(text: string): Cell {
  return beginCell().storeUint(JettonOp.textComment, 32).storeStringTail(text).endCell();
}

/** Writes forward_payload (Either Cell ^Cell): nothing, an inline comment, or a comment in a ref. */
export function storeForwardPayload(b: Builder, comment: string | null | undefined, inRef: boolean): Builder {
  if (comment === null || comment === undefined) return b.storeBit(0);
  if (inRef) return b.storeBit(1).storeRef(commentCell(comment));
  return b.storeBit(0).storeUint(JettonOp.textComment, 32).storeStringTail(comment);
}

export interface JettonTransferParams {
  queryId: bigint;
  /** base units */
  amount: bigint;
  /** owner of the receiving jetton wallet */
  destination: Address;
  responseDestination: Address | null;
  /** nanoton forwarded with transfer_notification; 0 means no notification */
  forwardTonAmount: bigint;
  comment?: string | null;
  /** Tonkeeper puts the comment in a ref, Trust Wallet inline: both must work */
  commentInRef?: boolean;
}

/** Body of `transfer` sent by an owner to its own jetton wallet. */
export function jettonTransferBody(p: JettonTransferParams): Cell {
  const b = beginCell()
    .storeUint(JettonOp.transfer, 32)
    .storeUint(p.queryId, 64)
    .storeCoins(p.amount)
    .storeAddress(p.destination)
    .storeAddress(p.responseDestination)
    .storeMaybeRef(null)
    .storeCoins(p.forwardTonAmount);
  return storeForwardPayload(b, p.comment, p.commentInRef ?? false).endCell();
}

export interface InternalTransferParams {
  queryId: bigint;
  amount: bigint;
  /** owner of the sending jetton wallet; null for mints */
  from: Address | null;
  responseAddress: Address | null;
  forwardTonAmount: bigint;
  comment?: string | null;
  commentInRef?: boolean;
}

/** Body of `internal_transfer` (jetton wallet to jetton wallet). */
export function internalTransferBody(p: InternalTransferParams): Cell {
  const b = beginCell()
    .storeUint(JettonOp.internalTransfer, 32)
    .storeUint(p.queryId, 64)
    .storeCoins(p.amount)
    .storeAddress(p.from)
    .storeAddress(p.responseAddress)
    .storeCoins(p.forwardTonAmount);
  return storeForwardPayload(b, p.comment, p.commentInRef ?? false).endCell();
}

export interface TransferNotificationParams {
  queryId: bigint;
  amount: bigint;
  sender: Address | null;
  comment?: string | null;
  commentInRef?: boolean;
}

/** Body of `transfer_notification` (recipient jetton wallet to its owner). */
export function transferNotificationBody(p: TransferNotificationParams): Cell {
  const b = beginCell()
    .storeUint(JettonOp.transferNotification, 32)
    .storeUint(p.queryId, 64)
    .storeCoins(p.amount)
    .storeAddress(p.sender);
  return storeForwardPayload(b, p.comment, p.commentInRef ?? false).endCell();
}

export interface MintParams {
  queryId: bigint;
  to: Address;
  amount: bigint;
  /** nanoton the minter attaches to the internal_transfer that deploys the wallet */
  tonAmount: bigint;
  responseAddress: Address | null;
}

/** Body of our sandbox minter's mint message (admin only). */
export function mintBody(p: MintParams): Cell {
  return beginCell()
    .storeUint(JettonOp.mint, 32)
    .storeUint(p.queryId, 64)
    .storeAddress(p.to)
    .storeCoins(p.amount)
    .storeCoins(p.tonAmount)
    .storeAddress(p.responseAddress)
    .endCell();
}
