import { addressFacts } from '../chain/address-facts';
import { rawAddress } from '../chain/transfer-messages';

/**
 * Workchains a refund may go to. Wallets live on the basechain (0); the masterchain (-1) is unusual
 * for a wallet but carries jetton transfers, so it is accepted too. Any other workchain id parses
 * (raw `1:…`, `127:…`, or the friendly form of one) but no wallet or jetton wallet could ever be
 * deployed there for it: what is sent to it would be lost.
 */
const REFUND_WORKCHAINS: readonly number[] = [0, -1];

export type RefundDestinationCheck = { ok: true; raw: string } | { ok: false; message: string };

/** Whether a refund can go to this address: a TON address, in a usable workchain, of an account someone may own. */
export function checkRefundDestination(text: string): RefundDestinationCheck {
  const facts = addressFacts(text);
  if (!facts) return { ok: false, message: 'is not a TON address (its checksum or form is wrong)' };
  if (!REFUND_WORKCHAINS.includes(facts.workchain)) {
    return {
      ok: false,
      message: `is in workchain ${facts.workchain}; a refund can go only to the basechain (0) or the masterchain (-1)`,
    };
  }
  // the all-zero account is a placeholder nobody holds a key for: what is sent there is gone
  if (facts.allZero) return { ok: false, message: 'is the all-zero address, which no wallet owns' };
  return { ok: true, raw: rawAddress(text) };
}
