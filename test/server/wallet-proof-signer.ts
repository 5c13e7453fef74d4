// A wallet's side of ton_proof for the tests: the sandbox merchant (a v5r1 wallet) signs for real,
// with its own key, exactly the bytes a wallet app signs.
import { beginCell, storeStateInit } from '@ton/core';
import { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import { createPrivateKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxWallets } from '../../server/sandbox/sandbox-identity';
import { tonProofDigest } from '../../server/chain/ton-proof';
import type { WalletProofBody } from '../../contract/wallet-proof';

/** DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Fixes a fresh data directory's sandbox seed, so the test knows the merchant's (and payer's) keys. */
export function seedSandbox(dataDir: string, seed: string): void {
  writeFileSync(join(dataDir, 'sandbox-chain.seed'), seed);
}

export interface ProofRequest {
  domain: string;
  payload: string;
  /** unix seconds */
  timestamp: number;
}

/** A wallet of the sandbox chain `seed` makes, able to sign ton_proof: the merchant by default. */
export function sandboxSigner(seed: string, role: 'merchant' | 'payer' = 'merchant') {
  const { keys } = sandboxWallets(seed)[role];
  const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey });
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, keys.secretKey.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  const stateInit = beginCell().store(storeStateInit(wallet.init)).endCell().toBoc().toString('base64');
  return {
    address: wallet.address,
    publicKey: keys.publicKey.toString('hex'),
    stateInit,
    /** The body Settings → Connect your wallet posts, as the wallet's ton_addr and ton_proof replies give it. */
    prove(request: ProofRequest): WalletProofBody {
      const proof = {
        timestamp: request.timestamp,
        domain: { lengthBytes: Buffer.byteLength(request.domain), value: request.domain },
        payload: request.payload,
      };
      const signature = sign(null, tonProofDigest(wallet.address, { ...proof, signature: '' }), privateKey);
      return {
        account: {
          address: wallet.address.toRawString(),
          chain: '-3',
          walletStateInit: stateInit,
          publicKey: keys.publicKey.toString('hex'),
        },
        proof: { ...proof, signature: signature.toString('base64') },
      };
    },
  };
}
