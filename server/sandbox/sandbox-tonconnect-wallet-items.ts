// What the TON Connect sandbox wallet tells an app on connecting: the account (ton_addr), a ton_proof
// signed with the account's own key when the app asks for one, and the wallet's device info. The
// formats are TON Connect's (requests-responses.md); the signed bytes are the verifier's own digest.
import { beginCell, storeStateInit, type Address, type StateInit } from '@ton/core';
import type { KeyPair } from '@ton/crypto';
import { createPrivateKey, sign } from 'node:crypto';
import { tonProofDigest } from '../chain/ton-proof';
import type { TonProofReply } from '../../contract/wallet-proof';

/** TON Connect's CHAIN id the sandbox presents itself with: testnet, like its addresses. */
export const SANDBOX_NETWORK = '-3';
/** The app name the wallet reports: the same as its wallets-list entry's app_name. */
export const SANDBOX_WALLET_APP = 'tontill-sandbox';
/** As many messages as the sandbox wallet signs in one request (a v4 wallet's limit). */
export const SANDBOX_WALLET_MAX_MESSAGES = 4;

/** One signing account of the sandbox: its address, key pair and the state init that deploys it. */
export interface SigningAccount {
  address: Address;
  keys: KeyPair;
  init: StateInit;
}

export interface TonAddrItem {
  name: 'ton_addr';
  address: string;
  network: string;
  publicKey: string;
  walletStateInit: string;
}

export interface TonProofItem {
  name: 'ton_proof';
  proof: TonProofReply;
}

export function tonAddrItem(account: SigningAccount): TonAddrItem {
  return {
    name: 'ton_addr',
    address: account.address.toRawString(),
    network: SANDBOX_NETWORK,
    publicKey: account.keys.publicKey.toString('hex'),
    walletStateInit: beginCell().store(storeStateInit(account.init)).endCell().toBoc().toString('base64'),
  };
}

/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed (the first half of tweetnacl's secret key) follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

function ed25519Sign(data: Buffer, secretKey: Buffer): Buffer {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, secretKey.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  return sign(null, data, key);
}

/**
 * A ton_proof for `domain` (the app's host, from its manifest) and the app's one-time `payload`:
 * Ed25519 over sha256(0xffff ‖ "ton-connect" ‖ sha256("ton-proof-item-v2/" ‖ address ‖ domain ‖ time ‖ payload)).
 */
export function tonProofItem(
  account: SigningAccount,
  domain: string,
  payload: string,
  timestampSeconds: number,
): TonProofItem {
  const proof = {
    timestamp: timestampSeconds,
    domain: { lengthBytes: Buffer.byteLength(domain, 'utf8'), value: domain },
    payload,
    signature: '',
  };
  proof.signature = ed25519Sign(tonProofDigest(account.address, proof), account.keys.secretKey).toString('base64');
  return { name: 'ton_proof', proof };
}

/** The wallet's DeviceInfo: what it is and what it can do. */
export function deviceInfo() {
  return {
    platform: 'browser',
    appName: SANDBOX_WALLET_APP,
    appVersion: '1.0.0',
    maxProtocolVersion: 2,
    features: ['SendTransaction', { name: 'SendTransaction', maxMessages: SANDBOX_WALLET_MAX_MESSAGES }],
  };
}
