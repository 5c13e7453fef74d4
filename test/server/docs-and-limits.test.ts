import { describe, expect, it } from 'vitest';
import { createTestApp, QUICK_START } from '../helpers/test-app';

describe('API documentation, headers and limits', () => {
  it('publishes an OpenAPI document covering every merchant endpoint', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.app.inject({ url: '/openapi.json' })).json();
      expect(doc.openapi).toBe('3.1.0');
      for (const [path, method] of [
        ['/invoice/deposit', 'post'],
        ['/crypto/deposit/receiving-address', 'post'],
        ['/crypto/deposit/invoice', 'post'],
        ['/crypto/payment/{paymentId}', 'get'],
        ['/invoice/widgets', 'post'],
        ['/invoice/widgets/sandbox-signature', 'get'],
        ['/crypto/payments', 'get'],
        ['/crypto/payment/{paymentId}/cancel', 'post'],
      ] as const) {
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      }
      const create = doc.paths['/crypto/deposit/invoice'].post;
      expect(create.requestBody).toEqual({ $ref: '#/components/requestBodies/DepositRequest' });
      expect(doc.components.requestBodies.DepositRequest.content['application/json'].schema.required).toEqual([
        'currency',
        'amount',
      ]);
      expect(create.security).toEqual([{ apiKey: [] }]);
      const docs = await t.app.inject({ url: '/docs' });
      expect(docs.headers['content-type']).toContain('text/html');
      expect(docs.headers['content-security-policy']).toContain("default-src 'none'");
      expect(docs.body).toMatch(/<script id="api-reference" type="application\/json" data-url="openapi.json"/);
    } finally {
      await t.close();
    }
  });

  it('keeps the merchant API and the console API in separate groups of the reference', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.app.inject({ url: '/openapi.json' })).json();
      const groups = doc['x-tagGroups'] as Array<{ name: string; tags: string[] }>;
      const groupOf = new Map(groups.flatMap((g) => g.tags.map((tag) => [tag, g.name] as const)));
      const operations = [...Object.entries(doc.paths), ...Object.entries(doc.webhooks)].flatMap(([path, ops]) =>
        Object.values(ops as Record<string, { tags: string[] }>).map((op) => ({ path, tags: op.tags })),
      );
      for (const { path, tags } of operations) {
        for (const tag of tags)
          expect(groupOf.get(tag), `${path}: ${tag}`).toBe(
            path.startsWith('/console/') ? 'Console API' : groupOf.get(tag),
          );
        if (path.startsWith('/crypto/') || path.startsWith('/invoice/'))
          expect(
            tags.map((tag) => groupOf.get(tag)),
            path,
          ).toEqual(['Merchant API']);
      }
      expect(groups.map((g) => g.name)).toEqual([
        'Merchant API',
        'Webhooks',
        'Customer pages and files',
        'Console API',
      ]);
      expect(doc.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([...groupOf.keys()].sort());
    } finally {
      await t.close();
    }
  });

  it('serves the widget reference at /docs/widget, linked from /docs: plain HTML, no script, nothing from elsewhere', async () => {
    const t = await createTestApp();
    try {
      const docs = await t.app.inject({ url: '/docs' });
      expect(docs.body).toContain('href="docs/widget"');
      const page = await t.app.inject({ url: '/docs/widget' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'none'");
      expect(page.body).not.toMatch(/<script/i);
      // every src/href stays on this service (relative) or is an in-page anchor; links to the spec's sample hosts are text
      const external = [...page.body.matchAll(/\s(?:src|href)="([^"]*)"/g)]
        .map((m) => m[1]!)
        .filter((url) => /^[a-z]+:|^\/\//i.test(url));
      expect(external).toEqual([]);
      for (const heading of ['The npm package', 'Options', 'Errors', 'Which pages may frame the checkout'])
        expect(page.body).toContain(heading);
      expect(page.body).toContain('<table>');
      expect(page.body).toContain('ORIGIN_NOT_ALLOWED');
      expect(page.body).toContain('<code>onPaid</code>');
    } finally {
      await t.close();
    }
  });

  it('sends security headers on API responses', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/crypto/payments', headers: { 'x-api-key': t.apiKey } });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('answers 404 for unknown routes in the error shape', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('rate limits per API key with 429 in the error shape', async () => {
    const t = await createTestApp({ config: { rateLimit: { enabled: true, keyMax: 3, windowMs: 60_000 } } });
    try {
      const call = () =>
        t.app.inject({
          method: 'POST',
          url: '/crypto/deposit/invoice',
          payload: QUICK_START,
          headers: { 'x-api-key': t.apiKey },
        });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      const other = (await t.services.apiKeys.create('other')).key;
      expect((await t.app.inject({ url: '/crypto/payments', headers: { 'x-api-key': other } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
