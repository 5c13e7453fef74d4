import { Address } from '@ton/core';

/**
 * What an address text says about the account it names, for checks outside chain/ that must not
 * hold an `Address` (only chain/, sandbox/ and runtime/ import @ton/*): a refund's destination, the
 * wallet address typed into Settings. Parsing and forms otherwise: chain/transfer-messages.ts.
 */
export interface AddressFacts {
  workchain: number;
  /** the all-zero account, a placeholder nobody holds a key for */
  allZero: boolean;
  /** a friendly form flagged test-only (0Q…, kQ…); false for the raw form, which has no flag */
  testOnly: boolean;
}

/** Null when the text is no TON address (a bad checksum or form). */
export function addressFacts(text: string): AddressFacts | null {
  const trimmed = text.trim();
  try {
    const address = Address.parse(trimmed);
    return {
      workchain: address.workChain,
      allZero: address.hash.every((byte) => byte === 0),
      testOnly: Address.isFriendly(trimmed) && Address.parseFriendly(trimmed).isTestOnly,
    };
  } catch {
    return null;
  }
}
