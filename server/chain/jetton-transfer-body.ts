// TEP-74 `transfer`, the body an owner sends to its own jetton wallet: the sandbox kit sends it, and
// the TON Connect request asks a payer's wallet to sign it (wallet-connect/jetton-transfer-request.ts).
import { beginCell, type Address, type Builder, type Cell } from '@ton/core';
import { JettonOp } from './jetton-ops';

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
