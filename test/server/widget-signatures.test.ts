import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signEpp, verifyEpp } from '../../server/epp/epp-signature';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const TESTNET_ADDRESS = 'kQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';

describe('EPP signatures', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const createSession = (body: object) =>
    t.app.inject({ method: 'POST', url: '/invoice/widgets', payload: body, headers: { 'x-api-key': t.apiKey } });
  const nowSeconds = () => Math.floor(t.clock.now() / 1000);

  it('returns a signature naming the payment, the service, its expiry and the allowed origins', async () => {
    const res = await createSession({
      ...QUICK_START,
      allowedOrigins: ['https://shop.example'],
      customer: { email: 'a@b.co' },
      successUrl: 'https://shop.example/ok',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ paymentId: expect.stringMatching(/^pay_/), signature: expect.any(String) });
    const verified = verifyEpp(body.signature, t.services.eppSecret, nowSeconds(), true);
    expect(verified).toEqual({
      ok: true,
      claims: {
        paymentId: body.paymentId,
        serviceUrl: 'http://127.0.0.1:8787',
        expiresAt: Date.parse(body.expiresAt) / 1000,
        allowedOrigins: ['https://shop.example'],
        sandbox: true,
      },
    });
  });

  it('reuses the payment for the same externalId but issues a fresh signature each time', async () => {
    const a = (await createSession(QUICK_START)).json();
    const b = (await createSession(QUICK_START)).json();
    expect(b.paymentId).toBe(a.paymentId);
    expect(b.signature).not.toBe(a.signature);
  });

  it('refuses a bad allowed origin naming the field', async () => {
    const res = await createSession({ ...QUICK_START, allowedOrigins: ['https://shop.example/path'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('allowedOrigins.0');
  });

  it('detects tampering with any part of the token', async () => {
    const { signature } = (await createSession(QUICK_START)).json();
    const [version, payload, mac] = signature.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), org: ['https://evil.example'] }),
    ).toString('base64url');
    expect(verifyEpp(`${version}.${forgedPayload}.${mac}`, t.services.eppSecret, nowSeconds(), true)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    expect(verifyEpp(`${version}.${payload}.${flipped}`, t.services.eppSecret, nowSeconds(), true)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyEpp(`${version}.${payload}`, t.services.eppSecret, nowSeconds(), true)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyEpp(signature, Buffer.alloc(32, 1), nowSeconds(), true)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('accepts only the canonical base64url encoding of the MAC', async () => {
    const { signature } = (await createSession(QUICK_START)).json();
    const [version, payload, mac] = signature.split('.') as [string, string, string];
    expect(verifyEpp(signature, t.services.eppSecret, nowSeconds(), true).ok).toBe(true);
    // 32 bytes take 43 characters: the last one carries 2 spare bits a decoder silently drops.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(mac.at(-1)!);
    const spareBits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[last ^ 1]!;
    const variants = [
      `${mac.slice(0, -1)}${spareBits}`,
      `${mac}=`,
      `${mac.slice(0, 10)}!${mac.slice(10)}`,
      ` ${mac}`,
      Buffer.from(mac, 'base64url').toString('base64'),
    ].filter((v) => v !== mac);
    expect(variants.length).toBe(5);
    for (const variant of variants) {
      expect([
        variant,
        verifyEpp(`${version}.${payload}.${variant}`, t.services.eppSecret, nowSeconds(), true).ok,
      ]).toEqual([variant, false]);
    }
  });

  it('binds a signature to the chain it was minted on: sandbox signatures never verify off the sandbox, nor the reverse', () => {
    const secret = Buffer.alloc(32, 5);
    const claims = {
      paymentId: 'pay_x',
      serviceUrl: 'https://pay.example',
      expiresAt: 2_000_000_000,
      allowedOrigins: [],
      sandbox: true,
    };
    expect(verifyEpp(signEpp(claims, secret), secret, 1_000, true).ok).toBe(true);
    expect(verifyEpp(signEpp(claims, secret), secret, 1_000, false)).toEqual({ ok: false, reason: 'wrong_chain' });
    expect(verifyEpp(signEpp({ ...claims, sandbox: false }, secret), secret, 1_000, false).ok).toBe(true);
    expect(verifyEpp(signEpp({ ...claims, sandbox: false }, secret), secret, 1_000, true)).toEqual({
      ok: false,
      reason: 'wrong_chain',
    });
  });

  it('the embedded page refuses a sandbox signature on a testnet service sharing its secret', async () => {
    const testnet = await createTestApp({
      config: { chain: { mode: 'testnet', merchantAddress: TESTNET_ADDRESS, jettonMaster: TESTNET_ADDRESS } },
    });
    try {
      const { payment } = await testnet.services.payments.create('widget', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '1.00',
        allowedOrigins: ['https://shop.example'],
      });
      const sign = (sandbox: boolean) =>
        signEpp(
          {
            paymentId: payment.id,
            serviceUrl: 'https://pay.example',
            expiresAt: Math.floor(testnet.clock.now() / 1000) + 600,
            allowedOrigins: ['https://shop.example'],
            sandbox,
          },
          testnet.services.eppSecret,
        );
      expect((await testnet.app.inject({ url: `/embed?signature=${sign(true)}` })).statusCode).toBe(403);
      expect((await testnet.app.inject({ url: `/embed?signature=${sign(false)}` })).statusCode).toBe(200);
      const issued = await testnet.app.inject({
        url: '/invoice/widgets/sandbox-signature',
        headers: { 'x-api-key': testnet.apiKey },
      });
      expect((await testnet.app.inject({ url: `/embed?signature=${issued.json().signature}` })).statusCode).toBe(200);
    } finally {
      await testnet.close();
    }
  });

  it('expires with the payment', async () => {
    const body = (await createSession({ ...QUICK_START, expiresInSeconds: 120 })).json();
    expect(verifyEpp(body.signature, t.services.eppSecret, nowSeconds() + 119, true).ok).toBe(true);
    expect(verifyEpp(body.signature, t.services.eppSecret, nowSeconds() + 120, true)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('round-trips claims through sign and verify', () => {
    const secret = Buffer.alloc(32, 3);
    const claims = {
      paymentId: 'pay_x',
      serviceUrl: 'https://pay.example/tontill',
      expiresAt: 2_000_000_000,
      allowedOrigins: ['http://localhost:3000'],
      sandbox: true,
    };
    expect(verifyEpp(signEpp(claims, secret), secret, 1_000, true)).toEqual({ ok: true, claims });
  });

  describe('sandbox signature endpoint', () => {
    const get = (query = '') =>
      t.app.inject({ url: `/invoice/widgets/sandbox-signature${query}`, headers: { 'x-api-key': t.apiKey } });

    it('issues a short-lived sandbox signature', async () => {
      const res = await get('?amount=2.50&allowedOrigins=http://localhost:3000,https://shop.example');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Date.parse(body.signatureExpiresAt) - t.clock.now()).toBe(10 * 60_000);
      expect(body.payment.amount).toBe('2.50');
      const verified = verifyEpp(body.signature, t.services.eppSecret, nowSeconds(), true);
      expect(verified.ok && verified.claims).toMatchObject({
        sandbox: true,
        allowedOrigins: ['http://localhost:3000', 'https://shop.example'],
      });
    });

    it('validates its query', async () => {
      const res = await get('?amount=1e3');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('amount');
    });

    it('needs an API key', async () => {
      expect((await t.app.inject({ url: '/invoice/widgets/sandbox-signature' })).statusCode).toBe(401);
    });
  });

  it('the sandbox signature endpoint is refused on mainnet with a clear error', async () => {
    const mainnet = await createTestApp({
      config: { chain: { mode: 'mainnet', merchantAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' } },
    });
    try {
      const res = await mainnet.app.inject({
        url: '/invoice/widgets/sandbox-signature',
        headers: { 'x-api-key': mainnet.apiKey },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'SANDBOX_ONLY', message: expect.stringContaining('mainnet') });
    } finally {
      await mainnet.close();
    }
  });
});
