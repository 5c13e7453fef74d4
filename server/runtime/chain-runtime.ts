import { Address } from '@ton/core';
import { join } from 'node:path';
import { MAINNET_USDT_MASTER, type Config } from '../config/config';
import type { ChainInfo } from '../payments/payment-links';
import { resolveJettonWallet } from '../chain/jetton-wallet-check';
import { SandboxChain } from '../sandbox/sandbox-chain';
import { createTokenBucket } from '../chain/rate-limiter';
import { createToncenterSource } from '../chain/toncenter-source';
import type { ChainSource } from '../chain/types';

const TONCENTER = { mainnet: 'https://toncenter.com/api/v2/jsonRPC', testnet: 'https://testnet.toncenter.com/api/v2/jsonRPC' };

/** What the service needs from a chain, whichever mode: where customers pay and what to watch. */
export interface ChainRuntime {
  info: ChainInfo;
  source: ChainSource;
  /** the merchant's verified USDT jetton wallet: the one account the watcher reads */
  watchedAccount: Address;
  sandbox: SandboxChain | null;
}

const friendly = (address: Address, mode: ChainInfo['mode']) =>
  address.toString({ urlSafe: true, bounceable: false, testOnly: mode !== 'mainnet' });

/** `nowSeconds` drives the sandbox chain's clock, so tests can move chain time with the ledger's. */
export async function openChainRuntime(config: Config, nowSeconds?: () => number): Promise<ChainRuntime> {
  const { chain } = config;
  if (chain.mode === 'sandbox') {
    const sandbox = await SandboxChain.open({ stateFile: join(config.dataDir, 'sandbox-chain.json'), ...(nowSeconds ? { now: nowSeconds } : {}) });
    const source = sandbox.source();
    const { wallet: watchedAccount } = await resolveJettonWallet(source, sandbox.jettonMaster, sandbox.merchantAddress);
    return {
      info: { mode: 'sandbox', merchantAddress: friendly(sandbox.merchantAddress, 'sandbox'), jettonMaster: sandbox.jettonMaster.toString({ testOnly: true }) },
      source, watchedAccount, sandbox,
    };
  }
  if (!chain.merchantAddress) throw new Error(`chain.merchantAddress is required in ${chain.mode} mode`);
  const master = Address.parse(chain.jettonMaster ?? MAINNET_USDT_MASTER);
  const merchant = Address.parse(chain.merchantAddress);
  const source = createToncenterSource({
    mode: chain.mode, endpoint: chain.toncenterEndpoint ?? TONCENTER[chain.mode], apiKey: chain.toncenterApiKey,
    ...(chain.toncenterRps ? { limiter: createTokenBucket({ ratePerSecond: chain.toncenterRps, burst: 1 }) } : {}),
  });
  const { wallet: watchedAccount } = await resolveJettonWallet(source, master, merchant);
  return {
    info: { mode: chain.mode, merchantAddress: friendly(merchant, chain.mode), jettonMaster: master.toString() },
    source, watchedAccount, sandbox: null,
  };
}
