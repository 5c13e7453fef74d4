import type { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { openServiceChain } from '../helpers/service-chain';

/**
 * The merchant's USDT balance on the sandbox chain the service left behind (read once it has
 * stopped: the service owns the file while it runs). Every micro-USDT there arrived in a transfer
 * the chaos sent, answered or not, and every one that left went in a refund, so it must equal what the
 * service credited less what it saw refunded: a transfer (or refund) whose answer was lost but that
 * reached the chain counts too, and nothing else does.
 */
export async function merchantChainBalance(dataDir: string): Promise<bigint> {
  return merchantBalance(await openServiceChain(dataDir));
}

/** The merchant's USDT balance on a sandbox chain (the one the run itself holds, on PostgreSQL). */
export async function merchantBalance(chain: SandboxChain): Promise<bigint> {
  try {
    const reader = await chain.source().runGetMethod(chain.merchantJettonWallet, 'get_wallet_data');
    return reader.readBigNumber();
  } catch (err) {
    // never paid: the merchant's jetton wallet is not deployed yet
    if (/non-active|exit_code: -13|exit code -13|uninit/i.test((err as Error).message)) return 0n;
    throw err;
  }
}
