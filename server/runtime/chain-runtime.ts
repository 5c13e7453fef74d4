import { Address } from '@ton/core';
import { MAINNET_USDT_MASTER, type Config } from '../config/config';
import type { ChainInfo } from '../payments/payment-links';
import { resolveJettonWallet } from '../chain/jetton-wallet-check';
import { createTokenBucket } from '../chain/rate-limiter';
import { createToncenterSource } from '../chain/toncenter-source';
import type { SandboxChain } from '../sandbox/sandbox-chain';
import type { ChainSource } from '../chain/types';
import { friendlyAddress, prepareSandbox } from './sandbox-runtime';

const TONCENTER = { mainnet: 'https://toncenter.com/api/v2/jsonRPC', testnet: 'https://testnet.toncenter.com/api/v2/jsonRPC' };

/** What the service needs from a chain, whichever mode: where customers pay and what to watch. */
export interface ChainRuntime {
  info: ChainInfo;
  source: ChainSource;
  /** the merchant's verified USDT jetton wallet: the one account the watcher reads */
  watchedAccount: Address;
  sandbox: SandboxChain | null;
}

/**
 * A chain in two steps. `info` (where customers pay) is all that creating a payment needs and is
 * known in milliseconds; `open` loads the emulator or reaches toncenter, which takes long enough
 * that the service listens first.
 */
export interface PendingChain {
  info: ChainInfo;
  open(): Promise<ChainRuntime>;
}

/** toncenter as `chain` configures it: its endpoint (or toncenter's own for the mode), key and rate. */
export function toncenterSourceFor(chain: Config['chain'] & { mode: 'testnet' | 'mainnet' }): ChainSource {
  return createToncenterSource({
    mode: chain.mode, endpoint: chain.toncenterEndpoint ?? TONCENTER[chain.mode], apiKey: chain.toncenterApiKey,
    ...(chain.toncenterRps ? { limiter: createTokenBucket({ ratePerSecond: chain.toncenterRps, burst: 1 }) } : {}),
  });
}

/** `nowSeconds` drives the sandbox chain's clock, so tests can move chain time with the ledger's. */
export async function prepareChain(config: Config, nowSeconds?: () => number): Promise<PendingChain> {
  const { chain } = config;
  if (chain.mode === 'sandbox') return prepareSandbox(config.dataDir, nowSeconds);
  if (!chain.merchantAddress) throw new Error(`chain.merchantAddress is required in ${chain.mode} mode`);
  const { mode } = chain;
  const master = Address.parse(chain.jettonMaster ?? MAINNET_USDT_MASTER);
  const merchant = Address.parse(chain.merchantAddress);
  const info: ChainInfo = { mode, merchantAddress: friendlyAddress(merchant, mode), jettonMaster: master.toString() };
  return {
    info,
    async open() {
      const source = toncenterSourceFor({ ...chain, mode });
      const { wallet: watchedAccount } = await resolveJettonWallet(source, master, merchant);
      return { info, source, watchedAccount, sandbox: null };
    },
  };
}
