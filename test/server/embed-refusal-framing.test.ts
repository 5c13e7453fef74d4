import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalFramingPolicy, STORE_ALLOWED_ORIGINS_KEY } from '../../server/payment-pages/embed-access';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const STORE = 'https://shop.example';

/** The signature with its payload's origins replaced: the MAC no longer matches. */
function forged(signature: string, org: unknown): string {
  const [version, payload, mac] = signature.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), org };
  return `${version}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
}

describe('the refusal page of a signature that failed verification', () => {
  let t: TestApp;
  let signature: string;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/invoice/widgets',
      headers: { 'x-api-key': t.apiKey },
      payload: { ...QUICK_START, externalId: undefined },
    });
    signature = res.json().signature;
  });
  afterAll(async () => {
    await t.close();
  });

  const frameAncestors = async (sig: string) => {
    const res = await t.app.inject({ url: `/embed?signature=${encodeURIComponent(sig)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    return /frame-ancestors ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
  };

  it("takes nothing from the forged payload: nobody may frame it, or only the store's own origins", async () => {
    for (const org of [['*'], ['https://evil.example'], 'https://evil.example', null]) {
      expect(await frameAncestors(forged(signature, org)), JSON.stringify(org)).toBe("'none'");
    }
    expect(await frameAncestors('v1.garbage')).toBe("'none'");
    await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, [STORE]);
    try {
      expect(await frameAncestors(forged(signature, ['https://evil.example']))).toBe(STORE);
    } finally {
      await t.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, []);
    }
  });

  it('decides in one pure function: the store\'s list, never "anyone"', () => {
    expect(refusalFramingPolicy([])).toEqual({ kind: 'list', source: 'store', origins: [] });
    expect(refusalFramingPolicy([STORE])).toEqual({ kind: 'list', source: 'store', origins: [STORE] });
  });
});
