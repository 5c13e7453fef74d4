// Builders for TEP-74 jetton messages (the layouts USDT uses): the sandbox kit sends them, tests build inputs with them.
import { beginCell, type Address, type Cell } from '@ton/core';
import { JettonOp } from '../chain/jetton-ops';
import { storeForwardPayload } from '../chain/jetton-transfer-body';

// the owner's transfer is built in chain/, where the TON Connect request builds it too
export {
  commentCell,
  jettonTransferBody,
  storeForwardPayload,
  type JettonTransferParams,
} from '../chain/jetton-transfer-body';

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
