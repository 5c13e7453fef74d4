import type { Address } from '@ton/core';
import { beginCell } from '@ton/core';
import type { ChainSource } from './types';

export interface ResolvedJettonWallet {
  wallet: Address;
  /** false while the wallet is not deployed and so cannot answer get_wallet_data */
  verified: boolean;
}

const NOT_DEPLOYED = /non-active|exit_code: -13|exit code -13|uninit/i;

export class JettonWalletMismatchError extends Error {
  override name = 'JettonWalletMismatchError';
}

/**
 * Asks the jetton master which wallet holds the merchant's USDT, then asks that wallet who owns
 * it and which master minted it. Watching a wallet that fails this check could credit a fake.
 */
export async function resolveJettonWallet(
  source: ChainSource,
  master: Address,
  owner: Address,
): Promise<ResolvedJettonWallet> {
  const byMaster = await source.runGetMethod(master, 'get_wallet_address', [
    { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
  ]);
  const wallet = byMaster.readAddress();
  let data;
  try {
    data = await source.runGetMethod(wallet, 'get_wallet_data');
  } catch (err) {
    // A merchant who never received USDT has no deployed jetton wallet yet; the genuine master's
    // answer is then the only evidence there is, and the first transfer deploys the wallet.
    if (NOT_DEPLOYED.test((err as Error).message ?? '')) return { wallet, verified: false };
    throw err;
  }
  data.readBigNumber();
  const reportedOwner = data.readAddress();
  const reportedMaster = data.readAddress();
  if (!reportedOwner.equals(owner) || !reportedMaster.equals(master)) {
    throw new JettonWalletMismatchError(
      `jetton wallet ${wallet.toString()} reports owner ${reportedOwner.toString()} and master ${reportedMaster.toString()}; ` +
        `expected owner ${owner.toString()} and master ${master.toString()}. Check chain.merchantAddress and chain.jettonMaster.`,
    );
  }
  return { wallet, verified: true };
}

/** The wallet's jetton balance now; a wallet not deployed yet holds nothing. */
export async function readJettonBalance(source: ChainSource, wallet: Address): Promise<bigint> {
  try {
    return (await source.runGetMethod(wallet, 'get_wallet_data')).readBigNumber();
  } catch (err) {
    if (NOT_DEPLOYED.test((err as Error).message ?? '')) return 0n;
    throw err;
  }
}
