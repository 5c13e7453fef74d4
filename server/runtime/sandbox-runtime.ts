// The sandbox chain in two steps: who the merchant is, read from the state file (or, for a new
// chain, derived from its seed) before the service listens; then the emulator, after.
import { Address } from '@ton/core';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChainInfo } from '../payments/payment-links';
import { readSandboxState, removeStaleTempFiles, writeDurably, type SandboxStateFile } from '../sandbox/sandbox-state';
import { ASSET_CODES } from '../../contract/asset';
import { watchedAccountsOf } from '../chain/watched-account';
import type { PendingChain } from './chain-runtime';

export const friendlyAddress = (address: Address, mode: ChainInfo['mode']): string =>
  address.toString({ urlSafe: true, bounceable: false, testOnly: mode !== 'mainnet' });

interface Identity {
  seed: string;
  merchant: Address;
  jettonMaster: Address;
}

function savedIdentity(saved: SandboxStateFile): Identity {
  return {
    seed: saved.seed,
    merchant: Address.parse(saved.addresses.merchant),
    jettonMaster: Address.parse(saved.addresses.jettonMaster),
  };
}

/**
 * A chain not created yet: its seed is kept durably before any payment can name its merchant, so a
 * crash before the chain's first save brings back the same wallets, not others.
 */
async function newIdentity(seedFile: string): Promise<Identity> {
  let seed = await readFile(seedFile, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (!seed) {
    seed = randomBytes(16).toString('hex');
    await writeDurably(seedFile, seed);
  }
  // the wallet contracts come from @ton/ton, needed only here and by the emulator
  const { sandboxIdentity } = await import('../sandbox/sandbox-identity');
  return { seed, ...sandboxIdentity(seed) };
}

export async function prepareSandbox(dataDir: string, now?: () => number): Promise<PendingChain> {
  const stateFile = join(dataDir, 'sandbox-chain.json');
  const seedFile = join(dataDir, 'sandbox-chain.seed');
  await Promise.all([removeStaleTempFiles(stateFile), removeStaleTempFiles(seedFile)]);
  const saved = await readSandboxState(stateFile);
  const identity = saved ? savedIdentity(saved) : await newIdentity(seedFile);
  const info: ChainInfo = {
    mode: 'sandbox',
    merchantAddress: friendlyAddress(identity.merchant, 'sandbox'),
    jettonMaster: identity.jettonMaster.toString({ testOnly: true }),
  };
  return {
    info,
    async open() {
      const { SandboxChain } = await import('../sandbox/sandbox-chain');
      const sandbox = await SandboxChain.open({
        stateFile,
        seed: identity.seed,
        saved,
        deferSetUp: true,
        // The state file holds the seed from then on; a chain started afresh later must get new wallets.
        onFirstSave: () => rm(seedFile, { force: true }),
        ...(now ? { now } : {}),
      });
      if (!sandbox.merchantAddress.equals(identity.merchant) || !sandbox.jettonMaster.equals(identity.jettonMaster)) {
        throw new Error(
          `${stateFile}: the sandbox chain's merchant or test USDT master is not the one payments were given`,
        );
      }
      // The chain's own minter named the merchant's USDT wallet when the chain was set up (the state
      // file keeps its answer); asking it again here would load the emulator just to hear it twice.
      const watchedAccount = sandbox.merchantJettonWallet;
      const watchedAccounts = watchedAccountsOf(watchedAccount, sandbox.merchantAddress, ASSET_CODES);
      return { info, source: sandbox.source(), watchedAccount, watchedAccounts, sandbox };
    },
  };
}
