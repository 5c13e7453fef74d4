// Who is who on a sandbox chain, from its seed alone: the wallets' keys and addresses and the test
// USDT master. No emulator needed, so the service knows the merchant's address before it loads one.
import { contractAddress, type Address } from '@ton/core';
import { sha256_sync, type KeyPair } from '@ton/crypto';
import { createPrivateKey, createPublicKey } from 'node:crypto';
// The wallet modules alone: @ton/ton's index also loads its HTTP clients (axios), 130 ms more on
// the first start of a data directory, where this runs before the service listens.
import { WalletContractV4 } from '@ton/ton/dist/wallets/WalletContractV4.js';
import { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import { jettonMinterInit, jettonWalletAddress, type JettonMetadata } from './jetton-contracts';
import type { JettonWallets, SandboxAddresses } from './sandbox-state';

export const TEST_USDT: JettonMetadata = { name: 'Test USDT', symbol: 'USDT', decimals: 6 };

export interface Wallet<W> {
  contract: W;
  keys: KeyPair;
}

export interface SandboxWallets {
  admin: Wallet<WalletContractV4>;
  attacker: Wallet<WalletContractV4>;
  payer: Wallet<WalletContractV4>;
  merchant: Wallet<WalletContractV5R1>;
}

/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * @ton/crypto's keyPairFromSeed (tweetnacl's layout: secretKey = seed + publicKey), computed by
 * Node's native Ed25519: tweetnacl's pure-JS key derivation costs 20 ms a key on a cold start.
 */
export function keyPairFromSeed(seed: Buffer): KeyPair {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return { publicKey, secretKey: Buffer.concat([seed, publicKey]) };
}

function keysFor(seed: string, role: string): KeyPair {
  return keyPairFromSeed(sha256_sync(`tontill-sandbox/${seed}/${role}`));
}

function v4(seed: string, role: string): Wallet<WalletContractV4> {
  const keys = keysFor(seed, role);
  return { keys, contract: WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }) };
}

function merchantWallet(seed: string): Wallet<WalletContractV5R1> {
  const keys = keysFor(seed, 'merchant');
  return { keys, contract: WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey }) };
}

export function sandboxWallets(seed: string): SandboxWallets {
  return {
    admin: v4(seed, 'admin'),
    attacker: v4(seed, 'attacker'),
    payer: v4(seed, 'payer'),
    merchant: merchantWallet(seed),
  };
}

/** The master a fresh chain deploys for `owner`'s test USDT (and, owned by the attacker, for the look-alike). */
export function testUsdtMaster(owner: Address): Address {
  return contractAddress(0, jettonMinterInit(owner, TEST_USDT));
}

/** The merchant and the genuine test USDT master of the chain a seed creates. */
export function sandboxIdentity(seed: string): { merchant: Address; jettonMaster: Address } {
  return {
    merchant: merchantWallet(seed).contract.address,
    jettonMaster: testUsdtMaster(v4(seed, 'admin').contract.address),
  };
}

/**
 * Every address a fresh chain of this seed will have once it is set up: the wallets, both minters
 * and the jetton wallets, as the contracts themselves compute them. The chain is set up only when
 * something must first be emulated; its minters' answers are checked against these then.
 */
export function freshChainAddresses(seed: string): SandboxAddresses & JettonWallets {
  const { admin, attacker, payer, merchant } = sandboxWallets(seed);
  const jettonMaster = testUsdtMaster(admin.contract.address);
  const fakeJettonMaster = testUsdtMaster(attacker.contract.address);
  const raw = (address: Address) => address.toRawString();
  return {
    admin: raw(admin.contract.address),
    attacker: raw(attacker.contract.address),
    payer: raw(payer.contract.address),
    merchant: raw(merchant.contract.address),
    jettonMaster: raw(jettonMaster),
    fakeJettonMaster: raw(fakeJettonMaster),
    merchantJettonWallet: raw(jettonWalletAddress(merchant.contract.address, jettonMaster)),
    payerJettonWallet: raw(jettonWalletAddress(payer.contract.address, jettonMaster)),
    payerFakeJettonWallet: raw(jettonWalletAddress(payer.contract.address, fakeJettonMaster)),
  };
}
