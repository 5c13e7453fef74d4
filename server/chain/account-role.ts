import type { Address, TupleReader } from '@ton/core';
import { ChainRequestError } from './toncenter-source';
import type { ChainSource } from './types';

/** What a contract is, to a merchant typing a wallet address. */
export type AccountRole =
  { kind: 'jetton-master' } | { kind: 'jetton-wallet'; owner: Address; master: Address } | { kind: 'other' };

/**
 * A get method's answer, or null when the account cannot answer it (not deployed, no such method).
 * A chain that could not be asked (network, rate limit, server) is an error, not an answer.
 */
async function answer(source: ChainSource, account: Address, method: string): Promise<TupleReader | null> {
  try {
    return await source.runGetMethod(account, method);
  } catch (err) {
    if (err instanceof ChainRequestError && err.kind !== 'other') throw err;
    return null;
  }
}

/**
 * Asks the account itself: a jetton master answers `get_jetton_data` (total supply, mintable,
 * admin, content, wallet code), a jetton wallet answers `get_wallet_data` (balance, owner, master,
 * code). A wallet app answers neither.
 */
export async function accountRole(source: ChainSource, account: Address): Promise<AccountRole> {
  const jetton = await answer(source, account, 'get_jetton_data');
  if (jetton) {
    jetton.readBigNumber();
    return { kind: 'jetton-master' };
  }
  const wallet = await answer(source, account, 'get_wallet_data');
  if (wallet) {
    wallet.readBigNumber();
    return { kind: 'jetton-wallet', owner: wallet.readAddress(), master: wallet.readAddress() };
  }
  return { kind: 'other' };
}
