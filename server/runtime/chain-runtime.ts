import { Address } from '@ton/core';
import { acceptedAssets, MAINNET_USDT_MASTER, type Config } from '../config/config';
import type { ChainInfo } from '../payments/payment-links';
import { resolveJettonWallet } from '../chain/jetton-wallet-check';
import { createTokenBucket } from '../chain/rate-limiter';
import { createToncenterSource } from '../chain/toncenter-source';
import { createTonapiSource } from '../chain/tonapi-source';
import {
  createFailoverSource,
  type FailoverLogger,
  type FailoverSource,
  type NamedSource,
} from '../chain/failover-source';
import { createTransactionStream } from '../chain/toncenter-stream';
import type { WakeupChannel } from '../watcher/wakeups';
import type { SandboxChain } from '../sandbox/sandbox-chain';
import type { ChainSource } from '../chain/types';
import { watchedAccountsOf, type WatchedAccount } from '../chain/watched-account';
import { friendlyAddress, prepareSandbox } from './sandbox-runtime';

const TONCENTER = {
  mainnet: 'https://toncenter.com/api/v2/jsonRPC',
  testnet: 'https://testnet.toncenter.com/api/v2/jsonRPC',
};
const TONAPI = { mainnet: 'https://tonapi.io', testnet: 'https://testnet.tonapi.io' };
const STREAM_PATH = '/api/streaming/v2/sse';

/** What the service needs from a chain, whichever mode: where customers pay and what to watch. */
export interface ChainRuntime {
  info: ChainInfo;
  source: ChainSource;
  /** the merchant's verified USDT jetton wallet (what the books and refunds of USDT read) */
  watchedAccount: Address;
  /** every account the watcher reads: the USDT jetton wallet first, then the store's own wallet when it takes Toncoin */
  watchedAccounts: WatchedAccount[];
  sandbox: SandboxChain | null;
  /** toncenter's stream for the watched account: the watcher opens it (absent in sandbox mode, or when disabled) */
  wakeups?: WakeupChannel;
  /** testnet/mainnet: the providers behind `source`, which fails over between them */
  providers?: FailoverSource;
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
    mode: chain.mode,
    endpoint: chain.toncenterEndpoint ?? TONCENTER[chain.mode],
    apiKey: chain.toncenterApiKey,
    ...(chain.toncenterRps ? { limiter: createTokenBucket({ ratePerSecond: chain.toncenterRps, burst: 1 }) } : {}),
  });
}

type NetworkChain = Config['chain'] & { mode: 'testnet' | 'mainnet' };

/** tonapi as `chain` configures it: its URL (or tonapi's own for the mode), key and rate. */
function tonapiSourceFor(chain: NetworkChain): ChainSource {
  return createTonapiSource({
    mode: chain.mode,
    baseUrl: chain.tonapiUrl ?? TONAPI[chain.mode],
    apiKey: chain.tonapiApiKey,
    ...(chain.tonapiRps ? { limiter: createTokenBucket({ ratePerSecond: chain.tonapiRps, burst: 1 }) } : {}),
  });
}

/** The configured providers behind one source, primary first: with one, a pass-through that still reports its health. */
export function providersFor(chain: NetworkChain, now: () => number, log?: FailoverLogger): FailoverSource {
  const sources: NamedSource[] = chain.providers.map((name) => ({
    name,
    source: name === 'tonapi' ? tonapiSourceFor(chain) : toncenterSourceFor(chain),
  }));
  return createFailoverSource({ sources, now, ...(log ? { log } : {}) });
}

/** The stream as `chain.streaming` configures it, on the same toncenter (and key) as the source. */
export function streamWakeupsFor(
  chain: Config['chain'] & { mode: 'testnet' | 'mainnet' },
  account: Address,
  moreAccounts: readonly Address[] = [],
): WakeupChannel | undefined {
  const { enabled, url, safetyPollIntervalMs } = chain.streaming;
  if (!enabled) return undefined;
  const endpoint = chain.toncenterEndpoint ?? TONCENTER[chain.mode];
  const streamUrl = url ?? new URL(STREAM_PATH, endpoint).href;
  return {
    safetyIntervalMs: safetyPollIntervalMs,
    open: (wake, log) =>
      createTransactionStream({
        url: streamUrl,
        apiKey: chain.toncenterApiKey,
        account,
        moreAccounts,
        onWake: wake,
        onConnected: () => wake(),
        onDisconnected: () => wake(),
        ...(log ? { log } : {}),
      }),
  };
}

/**
 * `nowSeconds` drives the sandbox chain's clock, so tests can move chain time with the ledger's.
 * `acceptedAssets` says what a store on a network takes (the sandbox always watches every asset);
 * without it, USDT only.
 */
export async function prepareChain(
  config: Config,
  nowSeconds?: () => number,
  log?: FailoverLogger,
): Promise<PendingChain> {
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
      // the service's clock (a test's), in the seconds the chain clock already follows
      const now = nowSeconds ? () => nowSeconds() * 1000 : Date.now;
      const providers = providersFor({ ...chain, mode }, now, log);
      const { wallet: watchedAccount } = await resolveJettonWallet(providers, master, merchant);
      // the store's own wallet is watched only when the store takes Toncoin (the settings, read at each open)
      const watchedAccounts = watchedAccountsOf(watchedAccount, merchant, acceptedAssets(config));
      return {
        info,
        source: providers,
        providers,
        watchedAccount,
        watchedAccounts,
        sandbox: null,
        wakeups: streamWakeupsFor(
          { ...chain, mode },
          watchedAccount,
          watchedAccounts.slice(1).map((a) => a.address),
        ),
      };
    },
  };
}
