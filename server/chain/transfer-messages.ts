// The messages a customer's or the till's wallet is asked to sign (TON Connect), and the address
// forms they name, behind plain strings: wallet-connect/, till-wallet/ and payment-pages/ build
// requests from these and never import @ton/* themselves (only chain/, sandbox/ and runtime/ do).
import { Address, toNano } from '@ton/core';
import { commentCell, jettonTransferBody } from './jetton-transfer-body';
import { resolveJettonWallet } from './jetton-wallet-check';
import type { ChainSource } from './types';

/**
 * TON attached to the message to a jetton wallet: what Tonkeeper attaches to a jetton transfer
 * (0.05 TON). It pays the jetton wallets' gas and the forward; the jetton wallet returns what is
 * left to the response destination as `excesses`.
 */
export const JETTON_TRANSFER_ATTACHED_TON: bigint = toNano('0.05');

/** True for a TON address in raw (`0:…`) or user-friendly form. */
export function isTonAddress(text: string): boolean {
  try {
    Address.parse(text.trim());
    return true;
  } catch {
    return false;
  }
}

/** The raw form (`0:…`) of an address given in any form; throws on one that is no address. */
export function rawAddress(text: string): string {
  return Address.parse(text.trim()).toRawString();
}

/** True when two addresses, in whatever forms, name the same account. */
export function sameAddress(a: string, b: string): boolean {
  return Address.parse(a.trim()).equals(Address.parse(b.trim()));
}

/** The user-friendly form a wallet is handed: bounceable or not, flagged test-only off mainnet. */
export function friendlyAddress(text: string, options: { bounceable: boolean; testOnly: boolean }): string {
  return Address.parse(text.trim()).toString(options);
}

/** A text comment (op 0, then the UTF-8 text, snake-style into refs) as a base64 BOC: a Toncoin transfer's body. */
export function textCommentPayload(text: string): string {
  return commentCell(text).toBoc().toString('base64');
}

export interface JettonTransferPayloadInput {
  queryId: bigint;
  /** base units of the jetton */
  amount: bigint;
  /** owner of the receiving jetton wallet, any address form */
  destination: string;
  /** who gets the excesses back, any address form */
  responseDestination: string;
  /** nanotons forwarded with transfer_notification (at least 1, or the recipient sees no comment) */
  forwardTonAmount: bigint;
  memo: string;
}

/**
 * A TEP-74 `transfer` body as a base64 BOC: no custom payload, the memo as a text comment in a ref
 * of forward_payload, as Tonkeeper writes it (a ref holds a comment of any length).
 */
export function jettonTransferPayload(t: JettonTransferPayloadInput): string {
  return jettonTransferBody({
    queryId: t.queryId,
    amount: t.amount,
    destination: Address.parse(t.destination),
    responseDestination: Address.parse(t.responseDestination),
    forwardTonAmount: t.forwardTonAmount,
    comment: t.memo,
    commentInRef: true,
  })
    .toBoc()
    .toString('base64');
}

/** The raw address of `owner`'s jetton wallet of `master`, as the master names it and the wallet confirms. */
export async function ownJettonWallet(source: ChainSource, master: string, owner: string): Promise<string> {
  const { wallet } = await resolveJettonWallet(source, Address.parse(master), Address.parse(owner));
  return wallet.toRawString();
}
