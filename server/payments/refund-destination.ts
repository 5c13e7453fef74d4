import { Address } from '@ton/core';

/**
 * Workchains a refund may go to. Wallets live on the basechain (0); the masterchain (-1) is unusual
 * for a wallet but carries jetton transfers, so it is accepted too. Any other workchain id parses
 * (raw `1:…`, `127:…`, or the friendly form of one) but no jetton wallet could ever be deployed
 * there for it: USDT sent to it would be lost.
 */
const REFUND_WORKCHAINS: readonly number[] = [0, -1];

export type RefundDestinationCheck = { ok: true; address: Address } | { ok: false; message: string };

/** Whether a refund can go to this address: a TON address, in a usable workchain, of an account someone may own. */
export function checkRefundDestination(text: string): RefundDestinationCheck {
  let address: Address;
  try {
    address = Address.parse(text);
  } catch {
    return { ok: false, message: 'is not a TON address (its checksum or form is wrong)' };
  }
  if (!REFUND_WORKCHAINS.includes(address.workChain)) {
    return {
      ok: false,
      message: `is in workchain ${address.workChain}; a refund can go only to the basechain (0) or the masterchain (-1)`,
    };
  }
  // the all-zero account is a placeholder nobody holds a key for: what is sent there is gone
  if (address.hash.every((byte) => byte === 0))
    return { ok: false, message: 'is the all-zero address, which no wallet owns' };
  return { ok: true, address };
}
