import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../server/http/responses';
import { HOSTILE_BODIES, hostileBody } from '../helpers/hostile-bodies';
import { hugeText, oddText } from '../helpers/odd-text';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Bodies that look almost right as well as garbage: near-misses find more bugs than noise. */
const plausibleBody = fc.record(
  {
    currency: fc.oneof(fc.constant('USDT'), fc.string(), fc.integer(), fc.constant(null), oddText()),
    mainCurrency: fc.oneof(fc.constant('TON'), fc.string()),
    amount: fc.oneof(
      fc.constant('10.00'),
      fc.string(),
      fc.double(),
      fc.bigInt().map(String),
      fc.constant('1e3'),
      fc.constant('-0'),
    ),
    externalId: fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.constant(undefined), oddText(), hugeText),
    description: fc.oneof(fc.constant(undefined), oddText(), fc.string({ unit: 'binary', maxLength: 40 })),
    customer: fc.oneof(fc.constant(undefined), fc.object(), fc.record({ email: fc.string() })),
    callbackUrl: fc.oneof(fc.constant(undefined), fc.webUrl(), fc.string()),
    allowedOrigins: fc.oneof(fc.constant(undefined), fc.array(fc.oneof(fc.webUrl(), fc.string()))),
    expiresInSeconds: fc.oneof(fc.constant(undefined), fc.integer(), fc.double()),
    metadata: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.dictionary(oddText(2), oddText(), { maxKeys: 4 }),
    ),
  },
  { requiredKeys: [] },
);

/** JSON text: most bodies are values to stringify, the hostile ones are already text (deep nesting cannot be stringified). */
const anyBody = fc.oneof(
  plausibleBody.map(stringified),
  fc.jsonValue().map(stringified),
  fc.anything().map(stringified),
  hostileBody,
  fc.constantFrom(...HOSTILE_BODIES.map((b) => b.payload)),
);

function stringified(body: unknown): string {
  try {
    return JSON.stringify(body) ?? 'null';
  } catch {
    return '{';
  }
}

describe('random JSON bodies at every route that takes a JSON body', () => {
  let t: TestApp;
  let routes: { method: string; url: string }[];
  let session: string;
  beforeAll(async () => {
    t = await createTestApp();
    session = await t.services.sessions.createSession();
    // every route whose body is JSON, the merchant API's and the console's: a route added later is fuzzed too
    routes = t.app.apiDocs
      .list()
      .filter((d) => d.body && !d.rawBody)
      .map((d) => ({
        method: d.method,
        url: d.url.replace(/:paymentId/g, 'pay_0000000000000000000000').replace(/:\w+/g, 'x'),
      }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('never answers 5xx, and every error has the documented shape', async () => {
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), anyBody, async ({ method, url }, payload) => {
        const headers = {
          'x-api-key': t.apiKey,
          authorization: `Bearer ${session}`,
          'content-type': 'application/json',
        };
        const res = await t.app.inject({ method: method as 'POST', url, payload, headers });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(ErrorSchema.safeParse(res.json()).success).toBe(true);
        expect(res.body).not.toMatch(/at .+\.ts:\d+/);
      }),
      { seed: 20_261_127, numRuns: 600 },
    );
  });
});
