import { Address } from '@ton/core';
import { accountRole } from './account-role';
import type { ChainSource } from './types';

/**
 * Questions Settings asks the chain about a wallet address a merchant typed or connected, with
 * addresses as text (console-api/ does not import @ton/*).
 */

/** What a contract is, its addresses raw (`0:…`). */
export type AccountRoleText =
  { kind: 'jetton-master' } | { kind: 'jetton-wallet'; owner: string; master: string } | { kind: 'other' };

/** account-role.ts's answer for an address given as text; throws when the chain cannot be asked. */
export async function accountRoleOf(source: ChainSource, address: string): Promise<AccountRoleText> {
  const role = await accountRole(source, Address.parse(address.trim()));
  if (role.kind !== 'jetton-wallet') return role;
  return { kind: 'jetton-wallet', owner: role.owner.toRawString(), master: role.master.toRawString() };
}

/** A deployed wallet's key, by its own get method; null when it has none to give (not deployed, not a wallet). */
export async function walletPublicKey(source: ChainSource, address: string): Promise<Buffer | null> {
  try {
    const stack = await source.runGetMethod(Address.parse(address.trim()), 'get_public_key');
    return Buffer.from(stack.readBigNumber().toString(16).padStart(64, '0'), 'hex');
  } catch {
    return null; // an answer that is no key is no key
  }
}
