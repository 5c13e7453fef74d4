// The service gives payments the sandbox merchant's address before the emulator loads, from the
// chain's seed alone: that address must be the one the emulated chain then really has.
import { keyPairFromSeed as tweetnaclKeyPair, sha256_sync } from '@ton/crypto';
import { describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { keyPairFromSeed, sandboxIdentity } from '../../server/sandbox/sandbox-identity';

describe('sandbox identity', () => {
  it('derives keys exactly as @ton/crypto does', () => {
    for (const text of ['a', 'tontill-sandbox/seed/merchant', 'x'.repeat(100)]) {
      const seed = sha256_sync(text);
      const native = keyPairFromSeed(seed);
      const reference = tweetnaclKeyPair(seed);
      expect(native.publicKey.equals(reference.publicKey)).toBe(true);
      expect(native.secretKey.equals(reference.secretKey)).toBe(true);
    }
  });

  it('names the merchant and test USDT master a fresh chain of that seed deploys', async () => {
    const chain = await SandboxChain.open({ seed: 'identity-test' });
    const identity = sandboxIdentity('identity-test');
    expect(identity.merchant.equals(chain.merchantAddress)).toBe(true);
    expect(identity.jettonMaster.equals(chain.jettonMaster)).toBe(true);
  });
});
