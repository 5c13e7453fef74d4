import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProvenWallet } from '../../server/settings/proven-wallet';
import { tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sandboxSigner, seedSandbox } from './wallet-proof-signer';
import type { WalletProofBody, WalletProofPayload, WalletProofView } from '../../contract/wallet-proof';

const SEED = 'wallet-proof-http';
const merchant = sandboxSigner(SEED, 'merchant');
const payer = sandboxSigner(SEED, 'payer');

describe('Settings → Connect your wallet: the ton_proof routes (sandbox)', () => {
  let s: TestServer;
  let dir: ReturnType<typeof tempDir>;
  let owner: Record<string, string>;
  let cashier: Record<string, string>;

  const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    s.app.inject({ method, url: `/console/api${url}`, headers, ...(payload ? { payload } : {}) });
  const newPayload = async () =>
    ((await api('POST', '/wallet-proof/payload', owner)).json() as WalletProofPayload).payload;
  const domain = () => new URL(s.url).host;
  const now = () => Math.floor(s.clock.now() / 1000);

  beforeAll(async () => {
    dir = tempDir('tontill-wallet-proof-');
    seedSandbox(dir.path, SEED);
    s = await startTestServer({ dataDir: dir.path });
    await s.app.runtime!.ready();
    owner = { authorization: `Bearer ${await s.services.sessions.createSession()}` };
    await s.services.cashiers.create('Ana', 'counter one, morning shift', 'owner');
    cashier = { authorization: `Bearer ${await s.services.cashiers.signIn('Ana', 'counter one, morning shift')}` };
  });
  afterAll(async () => {
    await s.dispose();
    dir.remove();
  });

  it("refuses a cashier: the receiving wallet is the owner's", async () => {
    expect((await api('POST', '/wallet-proof/payload', cashier)).statusCode).toBe(403);
    const body = merchant.prove({ domain: domain(), payload: await newPayload(), timestamp: now() });
    expect((await api('POST', '/wallet-proof', cashier, body)).statusCode).toBe(403);
    expect((await api('GET', '/wallet-proof', cashier)).statusCode).toBe(403);
  });

  it('issues one-time payloads: 32 random bytes, expiring in 15 minutes', async () => {
    const res = await api('POST', '/wallet-proof/payload', owner);
    expect(res.statusCode).toBe(200);
    const issued = res.json() as WalletProofPayload;
    expect(issued.payload).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(issued.expiresAt) - s.clock.now()).toBe(15 * 60_000);
    expect(await newPayload()).not.toBe(issued.payload);
  });

  it('refuses a proof signed for another domain, naming the field', async () => {
    const body = merchant.prove({ domain: 'shop.example', payload: await newPayload(), timestamp: now() });
    const res = await api('POST', '/wallet-proof', owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { field: 'proof.domain', message: expect.stringMatching(/not this service's host/) },
    });
  });

  it('refuses a wallet other than the sandbox merchant with a 409 that says why', async () => {
    const body = payer.prove({ domain: domain(), payload: await newPayload(), timestamp: now() });
    const res = await api('POST', '/wallet-proof', owner, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { field: 'account.address', message: expect.stringMatching(/only be the sandbox merchant/) },
    });
  });

  it("refuses a jetton wallet's address, saying it is one", async () => {
    const body = merchant.prove({ domain: domain(), payload: await newPayload(), timestamp: now() });
    body.account.address = s.chain.watchedAccount.toRawString();
    const res = await api('POST', '/wallet-proof', owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { field: 'account.address', message: expect.stringMatching(/USDT jetton wallet/) },
    });
  });

  it('refuses a body without its proof, naming the field', async () => {
    const { proof, ...noProof } = merchant.prove({ domain: domain(), payload: await newPayload(), timestamp: now() });
    void proof;
    const res = await api('POST', '/wallet-proof', owner, noProof);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'proof' } });
  });

  it('stores the proven wallet with an audit entry, and refuses the same proof replayed', async () => {
    const body: WalletProofBody = {
      ...merchant.prove({ domain: domain(), payload: await newPayload(), timestamp: now() }),
      walletName: 'Tonkeeper',
    };
    expect(((await api('GET', '/wallet-proof', owner)).json() as WalletProofView).proven).toBeNull();
    const res = await api('POST', '/wallet-proof', owner, body);
    expect(res.statusCode).toBe(200);
    const view = res.json() as WalletProofView;
    const address = merchant.address.toString({ urlSafe: true, bounceable: false, testOnly: true });
    expect(view).toEqual({
      proven: { address, provenAt: new Date(s.clock.now()).toISOString(), walletName: 'Tonkeeper' },
      receivingAddress: s.app.runtime!.info.merchantAddress,
      current: true,
    });
    expect(await readProvenWallet(s.services.settings)).toMatchObject({
      address: merchant.address.toRawString(),
      publicKey: merchant.publicKey,
    });
    const [entry] = await s.services.audit.page(null, 1);
    expect(entry).toMatchObject({ actor: 'owner', action: 'wallet.proven', target: merchant.address.toRawString() });
    expect(Address.parse(view.receivingAddress).equals(merchant.address)).toBe(true);

    const replay = await api('POST', '/wallet-proof', owner, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      error: { field: 'proof.payload', message: expect.stringMatching(/already used/) },
    });
  });
});
