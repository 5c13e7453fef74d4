import type { Address, Transaction, TupleItem, TupleReader } from '@ton/core';
import type { AssetCode } from '../../contract/asset';
import type { ChainMode } from '../../contract/chain';
import type { WalletMovementKind } from '../../contract/refunds';

/** @ton/core's account address and transaction, for code outside chain/ that passes them along without reading them. */
export type { Address, Transaction } from '@ton/core';

/** Position of the newest fully processed transaction of the watched account. */
export interface TxCursor {
  lt: bigint;
  /** transaction cell hash, lowercase hex */
  hash: string;
}

/**
 * Where transactions come from. Semantics follow toncenter v2 getTransactions:
 * newest first; `lt`+`hash` start the page at that transaction (inclusive);
 * `toLt` excludes everything at or below it.
 */
export interface ChainSource {
  readonly mode: ChainMode;
  getTransactions(
    account: Address,
    opts: { limit: number; lt?: bigint; hash?: string; toLt?: bigint },
  ): Promise<Transaction[]>;
  runGetMethod(account: Address, method: string, stack?: TupleItem[]): Promise<TupleReader>;
}

/**
 * A payment-shaped transfer that arrived on a watched account: USDT on the merchant's jetton wallet,
 * Toncoin on the merchant's own wallet. A chain fact, nothing more, the same for every asset: the
 * seam between the chain adapters (chain/) and the ledger (payments/).
 */
export interface InboundTransfer {
  asset: AssetCode;
  /** transaction hash, lowercase hex: the idempotency key */
  txHash: string;
  /** the transaction's position on its account */
  lt: bigint;
  /** unix seconds */
  utime: number;
  /** base units of `asset` (micro-USDT, nanotons) */
  amount: bigint;
  /** the payer's wallet (for a jetton the owner, not its jetton wallet), friendly form, or null if addr_none */
  from: string | null;
  /** decoded text comment (where the memo is); null when there is no text comment */
  comment: string | null;
}

/**
 * A change of the watched jetton wallet's balance other than an inbound transfer: a transfer the
 * merchant sent (a refund, a withdrawal) or one that came back bounced. A chain fact, like
 * InboundTransfer; the ledger keeps it so its books can be checked against the chain.
 */
export interface WalletMovement {
  asset: AssetCode;
  txHash: string;
  lt: bigint;
  /** unix seconds */
  utime: number;
  /** sent lowers the balance, returned raises it */
  kind: WalletMovementKind;
  /** base units, never negative */
  amount: bigint;
  /** sent: the recipient's owner address; returned: the wallet that refused it */
  counterparty: string | null;
  /** sent: who told the wallet to send (its owner; for a governed jetton possibly its master) */
  initiator: string | null;
  comment: string | null;
  /** a jetton transfer's query id; 0n for Toncoin, whose plain transfers have none */
  queryId: bigint;
}
