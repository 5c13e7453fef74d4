import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_ALLOWED_ORIGINS_KEY } from '../../server/payment-pages/embed-access';
import { readRefusals, REFUSED_ORIGINS_KEY } from '../../server/payment-pages/refused-origins';
import type { ConfigInput } from '../../server/config/config';
import { signEpp } from '../../server/epp/epp-signature';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const SHOP = 'https://shop.example';
const STORE = 'https://store.example';
const MAINNET = {
  chain: { mode: 'mainnet', merchantAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' },
} as const;

/** GET /widgets/embed-check: the widget's question "may this page frame the checkout?", answered from the CSP's own policy. */
describe('embed check', () => {
  const apps: TestApp[] = [];
  const start = async (config: Partial<ConfigInput> = {}) => {
    const t = await createTestApp({ config });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  const session = async (t: TestApp, body: Record<string, unknown> = {}): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/invoice/widgets',
      headers: { 'x-api-key': t.apiKey },
      payload: { ...QUICK_START, externalId: undefined, ...body },
    });
    expect(res.statusCode).toBe(200);
    return res.json().signature as string;
  };
  const check = (t: TestApp, signature: string, headers: Record<string, string> = { origin: SHOP }) =>
    t.app.inject({ url: `/widgets/embed-check?signature=${encodeURIComponent(signature)}`, headers });
  const embedCsp = async (t: TestApp, signature: string) =>
    /frame-ancestors ([^;]+)/.exec(
      String(
        (await t.app.inject({ url: `/embed?signature=${encodeURIComponent(signature)}` })).headers[
          'content-security-policy'
        ],
      ),
    )?.[1];

  describe('sandbox', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await start();
    });

    it('lets any page frame a session without allowedOrigins, says so, and answers CORS to that page only', async () => {
      const signature = await session(t);
      const res = await check(t, signature);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ allowed: true, serviceOrigin: 'http://127.0.0.1:8787', anyOrigin: true });
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      expect(res.headers.vary).toContain('Origin');
      expect(await embedCsp(t, signature)).toBe('*');
      expect(await readRefusals(t.services.settings)).toEqual([]);
    });

    it('keeps framing strict once the store lists origins, and records the refused page', async () => {
      await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, [STORE]);
      try {
        const signature = await session(t);
        expect(await embedCsp(t, signature)).toBe(STORE);
        const allowed = await check(t, signature, { origin: STORE });
        expect(allowed.json()).toEqual({ allowed: true, serviceOrigin: 'http://127.0.0.1:8787', anyOrigin: false });
        const refused = await check(t, signature);
        expect(refused.statusCode).toBe(403);
        expect(refused.headers['access-control-allow-origin']).toBe(SHOP);
        expect(refused.json().error.code).toBe('ORIGIN_NOT_ALLOWED');
        expect(refused.json().error.message).toContain(SHOP);
        expect(refused.json().error.message).toContain('console');
        expect((await readRefusals(t.services.settings)).map((r) => r.origin)).toEqual([SHOP]);
      } finally {
        await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, []);
        await t.services.settings.set(REFUSED_ORIGINS_KEY, []);
      }
    });

    it('answers bad, expired and unknown signatures with their own codes, readable cross-origin', async () => {
      const signature = await session(t);
      const [v, payload, mac] = signature.split('.') as [string, string, string];
      const now = Math.floor(t.clock.now() / 1000);
      const sign = (claims: { paymentId?: string; expiresAt?: number; sandbox?: boolean }) =>
        signEpp(
          {
            paymentId: 'pay_0000000000000000000000',
            serviceUrl: 'http://127.0.0.1:8787',
            expiresAt: now + 60,
            allowedOrigins: [],
            sandbox: true,
            ...claims,
          },
          t.services.eppSecret,
        );
      const cases: Array<[string, number, string]> = [
        [`${v}.${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`, 403, 'INVALID_SIGNATURE'],
        ['garbage', 400, 'INVALID_SIGNATURE'],
        [sign({ expiresAt: now - 1 }), 410, 'SIGNATURE_EXPIRED'],
        [sign({ sandbox: false }), 403, 'INVALID_SIGNATURE'],
        [sign({}), 404, 'PAYMENT_NOT_FOUND'],
      ];
      for (const [sig, status, code] of cases) {
        const res = await check(t, sig);
        expect([status, code, res.headers['access-control-allow-origin']]).toEqual([
          res.statusCode,
          res.json().error.code,
          SHOP,
        ]);
      }
      const missing = await t.app.inject({ url: '/widgets/embed-check', headers: { origin: SHOP } });
      expect([missing.statusCode, missing.json().error.field]).toEqual([400, 'signature']);
    });

    it("takes a same-origin request as coming from the service's own origin, and refuses to guess otherwise", async () => {
      const own = await session(t, { allowedOrigins: ['http://pay.example'] });
      const same = await check(t, own, { host: 'pay.example', 'sec-fetch-site': 'same-origin' });
      expect(same.statusCode).toBe(200);
      expect(same.headers['access-control-allow-origin']).toBeUndefined();
      const anonymous = await check(t, own, { host: 'pay.example' });
      expect([anonymous.statusCode, anonymous.json().error.field]).toEqual([400, 'origin']);
      const opaque = await check(t, own, { origin: 'null' });
      expect([opaque.statusCode, opaque.headers['access-control-allow-origin']]).toEqual([400, undefined]);
    });
  });

  describe('mainnet', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await start(MAINNET);
    });

    it('refuses every page when neither the session nor the store names one, and records each origin once', async () => {
      const signature = await session(t);
      expect(await embedCsp(t, signature)).toBe("'none'");
      for (let i = 0; i < 3; i += 1) {
        const res = await check(t, signature);
        expect([res.statusCode, res.json().error.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
      }
      await check(t, signature, { origin: 'http://127.0.0.1:5173' });
      const refusals = await readRefusals(t.services.settings);
      expect(refusals.map((r) => r.origin)).toEqual([SHOP, 'http://127.0.0.1:5173']);
      expect(refusals[0]).toMatchObject({ firstSeenAt: t.clock.now(), lastSeenAt: t.clock.now() });
    });

    it("the store's list lets its origins in; a session's own list wins and its refusals are not the store's to approve", async () => {
      await t.services.settings.set(REFUSED_ORIGINS_KEY, []);
      await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, [SHOP]);
      try {
        const viaStore = await session(t);
        expect((await check(t, viaStore)).json()).toEqual({
          allowed: true,
          serviceOrigin: 'http://127.0.0.1:8787',
          anyOrigin: false,
        });
        const own = await session(t, { allowedOrigins: [STORE] });
        expect(await embedCsp(t, own)).toBe(STORE);
        const refused = await check(t, own);
        expect(refused.json().error).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
        expect(refused.json().error.message).toContain('allowedOrigins');
        expect(await readRefusals(t.services.settings)).toEqual([]);
      } finally {
        await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, []);
      }
    });

    it('records a page that frames /embed directly: by the widget-given parent or by the Referer of the iframe load', async () => {
      await t.services.settings.set(REFUSED_ORIGINS_KEY, []);
      const signature = await session(t);
      const byParent = await t.app.inject({
        url: `/embed?signature=${encodeURIComponent(signature)}&parent=${encodeURIComponent(SHOP)}`,
      });
      expect(byParent.statusCode).toBe(403);
      await t.app.inject({
        url: `/embed?signature=${encodeURIComponent(signature)}`,
        headers: { 'sec-fetch-dest': 'iframe', referer: `${STORE}/cart` },
      });
      expect((await readRefusals(t.services.settings)).map((r) => r.origin)).toEqual([SHOP, STORE]);
    });
  });

  it('is rate-limited like every public route, and the 429 is readable by the page', async () => {
    const t = await start({ rateLimit: { enabled: true, max: 2 } });
    const signature = await session(t);
    const statuses: number[] = [];
    let last = await check(t, signature);
    for (let i = 0; i < 3; i += 1) {
      last = await check(t, signature);
      statuses.push(last.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect([last.json().error.code, last.headers['access-control-allow-origin']]).toEqual(['RATE_LIMITED', SHOP]);
  });
});
