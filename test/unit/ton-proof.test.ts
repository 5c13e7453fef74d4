import { Address, beginCell, storeStateInit, type StateInit } from '@ton/core';
import { WalletContractV4 } from '@ton/ton/dist/wallets/WalletContractV4.js';
import { WalletContractV5R1 } from '@ton/ton/dist/wallets/v5r1/WalletContractV5R1.js';
import { createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxWallets } from '../../server/sandbox/sandbox-identity';
import {
  tonProofDigest,
  verifyTonProof,
  type PayloadStatus,
  type TonProofClaim,
  type TonProofContext,
} from '../../server/chain/ton-proof';

/**
 * A real ton_proof, signed by a Tonkeeper v4r2 wallet on mainnet for ton-connect.github.io: the
 * example of TON Connect's demo backend, https://github.com/ton-connect/demo-dapp-backend README.md
 * (step 4, "/ton-proof/checkProof"), also in the TON docs' "Verifying signed in users on backend".
 * It gives no state init ("..."); the wallet's public key is the one whose v4r2 wallet (default
 * subwallet 698983191) has exactly this address, so its state init is rebuilt from it below.
 */
const DOCS = {
  address: '0:f63660ff947e5fe6ed4a8f729f1b24ef859497d0483aaa9d9ae48414297c4e1b',
  publicKey: 'db642e022c80911fe61f19eb4f22d7fb95c1ea0b589c0f74ecf0cbf6db746c13',
  proof: {
    timestamp: 1668094767,
    domain: { lengthBytes: 21, value: 'ton-connect.github.io' },
    signature: '28tWSg8RDB3P/iIYupySINq1o3F5xLodndzNFHOtdi16Z+MuII8LAPnHLT3E6WTB27//qY4psU5Rf5/aJaIIAA==',
    payload: 'E5B4ARS6CdOI2b5e1jz0jnS-x-a3DgfNXprrg_3pec0=',
  },
};

const docsWallet = WalletContractV4.create({ workchain: 0, publicKey: Buffer.from(DOCS.publicKey, 'hex') });
const stateInitOf = (init: StateInit) => beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64');

function docsClaim(patch: Partial<TonProofClaim['proof']> = {}, stateInit = true): TonProofClaim {
  return {
    account: {
      address: DOCS.address,
      chain: '-239',
      ...(stateInit ? { walletStateInit: stateInitOf(docsWallet.init) } : {}),
    },
    proof: { ...DOCS.proof, ...patch },
  };
}

/** The service's side: issued payloads (spent once), its host, its clock, and the chain's keys. */
function service(options: { domain: string; now: number; issued: string[]; keys?: Record<string, Buffer> }) {
  const payloads = new Map<string, PayloadStatus>(options.issued.map((p) => [p, 'open']));
  const context: TonProofContext = {
    domain: options.domain,
    now: options.now,
    payloadStatus: (payload) => payloads.get(payload) ?? 'unknown',
    takePayload: (payload) => {
      const status = payloads.get(payload) ?? 'unknown';
      if (status === 'open') payloads.set(payload, 'used');
      return status;
    },
    deployedPublicKey: (address) => Promise.resolve(options.keys?.[address.toRawString()] ?? null),
  };
  return { context, payloads };
}

const docsService = (now = DOCS.proof.timestamp * 1000 + 30_000) =>
  service({ domain: DOCS.proof.domain.value, now, issued: [DOCS.proof.payload] });

describe('ton_proof', () => {
  it("verifies the TON Connect documentation's proof, against its state init", async () => {
    expect(docsWallet.address.equals(Address.parse(DOCS.address))).toBe(true);
    const result = await verifyTonProof(docsClaim(), docsService().context);
    expect(result.ok && result.address.toRawString()).toBe(DOCS.address);
  });

  it("verifies the same proof against a deployed wallet's get_public_key when no state init comes", async () => {
    const { context } = service({
      domain: DOCS.proof.domain.value,
      now: DOCS.proof.timestamp * 1000,
      issued: [DOCS.proof.payload],
      keys: { [DOCS.address]: Buffer.from(DOCS.publicKey, 'hex') },
    });
    expect((await verifyTonProof(docsClaim({}, false), context)).ok).toBe(true);
  });

  it.each([
    ['a changed domain', { domain: { lengthBytes: 11, value: 'example.com' } }, 'domain'],
    ['a domain whose length lies', { domain: { lengthBytes: 20, value: 'ton-connect.github.io' } }, 'domain'],
    ['a timestamp moved 16 minutes back', { timestamp: DOCS.proof.timestamp - 16 * 60 }, 'timestamp'],
    ['a timestamp moved by a second (within the window)', { timestamp: DOCS.proof.timestamp + 1 }, 'signature'],
    [
      'a changed signature',
      { signature: Buffer.from(DOCS.proof.signature, 'base64').fill(7, 0, 1).toString('base64') },
      'signature',
    ],
    [
      'a payload the service never issued',
      { payload: 'E5B4ARS6CdOI2b5e1jz0jnS-x-a3DgfNXprrg_3pec1=' },
      'payload-unknown',
    ],
  ])('refuses %s', async (_, patch, reason) => {
    const { context, payloads } = docsService();
    const result = await verifyTonProof(docsClaim(patch), context);
    expect(result.ok ? 'verified' : result.reason).toBe(reason);
    // a refused proof spends nothing: the payload stays open for the genuine one
    expect(payloads.get(DOCS.proof.payload)).toBe('open');
  });

  it('refuses a replayed payload: the proof verifies once', async () => {
    const { context } = docsService();
    expect((await verifyTonProof(docsClaim(), context)).ok).toBe(true);
    const again = await verifyTonProof(docsClaim(), context);
    expect(again.ok ? 'verified' : again.reason).toBe('payload-used');
  });

  it('refuses a payload past its expiry', async () => {
    const { context, payloads } = docsService();
    payloads.set(DOCS.proof.payload, 'expired');
    const result = await verifyTonProof(docsClaim(), context);
    expect(result.ok ? 'verified' : result.reason).toBe('payload-expired');
  });

  it("refuses a state init that is not the claimed address's", async () => {
    const other = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32, 1) });
    const claim = docsClaim();
    claim.account.walletStateInit = stateInitOf(other.init);
    const result = await verifyTonProof(claim, docsService().context);
    expect(result.ok ? 'verified' : result.message).toMatch(/does not deploy the claimed address/);
  });

  it('verifies a proof the sandbox merchant (a v5r1 wallet) signs, its key read from the v5 state init', async () => {
    const merchant = sandboxWallets('ton-proof-test').merchant;
    const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: merchant.keys.publicKey });
    const proof = {
      timestamp: 1_800_000_000,
      domain: { lengthBytes: 14, value: '127.0.0.1:8080' },
      payload: 'ab'.repeat(32),
    };
    const digest = tonProofDigest(wallet.address, { ...proof, signature: '' });
    const seed = merchant.keys.secretKey.subarray(0, 32);
    const key = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const claim: TonProofClaim = {
      account: { address: wallet.address.toRawString(), chain: '-3', walletStateInit: stateInitOf(wallet.init) },
      proof: { ...proof, signature: sign(null, digest, key).toString('base64') },
    };
    const { context } = service({ domain: '127.0.0.1:8080', now: 1_800_000_000_000, issued: [proof.payload] });
    const result = await verifyTonProof(claim, context);
    expect(result.ok && result.publicKey.equals(merchant.keys.publicKey)).toBe(true);
  });
});
