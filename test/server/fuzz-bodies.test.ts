import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
import { createTestApp, type TestApp } from '../helpers/test-app';

const POST_ENDPOINTS = [
  '/invoice/deposit',
  '/crypto/deposit/receiving-address',
  '/crypto/deposit/invoice',
  '/invoice/widgets',
  '/crypto/payment/pay_0000000000000000000000/cancel',
];

/** Bodies that look almost right as well as garbage: near-misses find more bugs than noise. */
const plausibleBody = fc.record({
  currency: fc.oneof(fc.constant('USDT'), fc.string(), fc.integer(), fc.constant(null)),
  mainCurrency: fc.oneof(fc.constant('TON'), fc.string()),
  amount: fc.oneof(fc.constant('10.00'), fc.string(), fc.double(), fc.bigInt().map(String), fc.constant('1e3'), fc.constant('-0')),
  externalId: fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.constant(undefined)),
  customer: fc.oneof(fc.constant(undefined), fc.object(), fc.record({ email: fc.string() })),
  callbackUrl: fc.oneof(fc.constant(undefined), fc.webUrl(), fc.string()),
  allowedOrigins: fc.oneof(fc.constant(undefined), fc.array(fc.oneof(fc.webUrl(), fc.string()))),
  expiresInSeconds: fc.oneof(fc.constant(undefined), fc.integer(), fc.double()),
  metadata: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string(), fc.jsonValue())),
}, { requiredKeys: [] });

const anyBody = fc.oneof(plausibleBody, fc.jsonValue(), fc.anything());

describe('random JSON bodies at every POST endpoint', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('never answers 5xx, and every error has the documented shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ENDPOINTS), anyBody, async (url, body) => {
        let payload: string;
        try {
          payload = JSON.stringify(body) ?? 'null';
        } catch {
          payload = '{';
        }
        const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' } });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(ErrorSchema.safeParse(res.json()).success).toBe(true);
        expect(res.body).not.toMatch(/at .+\.ts:\d+/);
      }),
      { numRuns: 400 },
    );
  });
});
