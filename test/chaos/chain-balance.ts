import { join } from 'node:path';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';

/**
 * The merchant's USDT balance on the sandbox chain the service left behind (read once it has
 * stopped: the service owns the file while it runs). Every micro-USDT there arrived in a transfer
 * the chaos sent, answered or not, so it must equal the sum of what the service credited: a
 * transfer whose answer was lost but that reached the chain is credited too, and nothing else is.
 */
export async function merchantChainBalance(dataDir: string): Promise<bigint> {
  const chain = await SandboxChain.open({ stateFile: join(dataDir, 'sandbox-chain.json') });
  try {
    const reader = await chain.source().runGetMethod(chain.merchantJettonWallet, 'get_wallet_data');
    return reader.readBigNumber();
  } catch (err) {
    // never paid: the merchant's jetton wallet is not deployed yet
    if (/non-active|exit_code: -13|exit code -13|uninit/i.test((err as Error).message)) return 0n;
    throw err;
  }
}
