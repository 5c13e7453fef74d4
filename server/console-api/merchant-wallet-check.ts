import { accountRoleOf } from '../chain/account-checks';
import { friendlyAddress, isTonAddress, sameAddress } from '../chain/transfer-messages';
import type { ChainSource } from '../chain/types';
import type { SettingsProblem as Problem } from '../../contract/console-settings';

const FIELD = 'chain.merchantAddress';
const ENTER_WALLET = 'Enter the address of the wallet app that receives USDT.';

/**
 * Refuses a contract where the merchant's own wallet belongs: money sent to a jetton master or to a
 * jetton wallet's own address is lost, and the watcher would watch the wrong account. Only a
 * positive answer from the chain refuses; a chain that cannot be asked now leaves the check to the
 * start, which verifies the jetton wallet anyway.
 */
export interface WalletCheck {
  address: string;
  /** the USDT master of the chain being configured, to name it */
  usdtMaster: string | null;
  /** addresses are shown in their testnet form off mainnet */
  testOnly: boolean;
}

export async function merchantWalletProblem(
  source: ChainSource | null,
  { address, usdtMaster, testOnly }: WalletCheck,
): Promise<Problem | null> {
  // an address that does not parse: the syntax check names this problem
  if (!source || !address || !isTonAddress(address)) return null;
  const isUsdt = (master: string) => usdtMaster !== null && isTonAddress(usdtMaster) && sameAddress(usdtMaster, master);
  let role;
  try {
    role = await accountRoleOf(source, address);
  } catch {
    return null;
  }
  if (role.kind === 'jetton-master') {
    const what = isUsdt(address)
      ? 'the USDT jetton master contract'
      : 'a jetton master contract (the minter of a token)';
    return { field: FIELD, message: `This is ${what}, not your wallet. ${ENTER_WALLET}` };
  }
  if (role.kind === 'jetton-wallet') {
    const what = isUsdt(role.master) ? 'a USDT jetton wallet' : 'a jetton wallet';
    const owner = friendlyAddress(role.owner, { bounceable: false, testOnly });
    return {
      field: FIELD,
      message: `This is ${what} (the contract that keeps a token balance for its owner), not your wallet. ${ENTER_WALLET} This jetton wallet belongs to ${owner}.`,
    };
  }
  return null;
}
