import Fastify, { type HTTPMethods, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAuthPlugin } from '../../server/auth/guards';
import type { RouteAuth } from '../../server/http/route';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Walked {
  method: HTTPMethods;
  url: string;
  auth: RouteAuth | undefined;
}

/** A concrete URL for a route pattern: every parameter and wildcard filled with a harmless value. */
const concrete = (url: string): string => url.replace(/:[A-Za-z_]\w*/g, 'x1').replace(/\*/g, 'x1');

describe('every route enforces the auth it declares', () => {
  let t: TestApp;
  const routes: Walked[] = [];
  let session: string;
  let revokedKey: string;

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, auth: route.config?.auth });
      },
    });
    session = await t.services.sessions.createSession();
    const revoked = await t.services.apiKeys.create('revoked');
    await t.services.apiKeys.revoke(revoked.record.id);
    revokedKey = revoked.key;
  });
  afterAll(async () => t.close());

  const call = (route: Walked, headers: Record<string, string> = {}) =>
    t.app.inject({ method: route.method, url: concrete(route.url), headers });
  const declaring = (auth: RouteAuth) => routes.filter((r) => r.auth === auth);

  it('walks a real app: every route declares its auth, and every kind is present', () => {
    expect(routes.filter((r) => r.auth === undefined)).toEqual([]);
    expect(declaring('apiKey').length).toBeGreaterThanOrEqual(8);
    expect(declaring('console').length).toBeGreaterThanOrEqual(30);
    expect(declaring('public').length).toBeGreaterThanOrEqual(10);
  });

  it('API key routes refuse no key, a console session and a revoked key', async () => {
    for (const route of declaring('apiKey')) {
      const name = `${route.method} ${route.url}`;
      expect((await call(route)).statusCode, `${name} without a key`).toBe(401);
      expect(
        (await call(route, { authorization: `Bearer ${session}` })).statusCode,
        `${name} with a console bearer token`,
      ).toBe(401);
      expect((await call(route, { 'x-api-key': session })).statusCode, `${name} with a session as the key`).toBe(401);
      expect((await call(route, { 'x-api-key': revokedKey })).statusCode, `${name} with a revoked key`).toBe(401);
    }
  });

  it('console routes refuse no credential and a valid API key', async () => {
    for (const route of declaring('console')) {
      const name = `${route.method} ${route.url}`;
      expect((await call(route)).statusCode, `${name} without a session`).toBe(401);
      expect((await call(route, { 'x-api-key': t.apiKey })).statusCode, `${name} with an API key`).toBe(401);
      expect(
        (await call(route, { authorization: `Bearer ${t.apiKey}` })).statusCode,
        `${name} with an API key as bearer`,
      ).toBe(401);
    }
  });

  it('public routes answer without credentials', async () => {
    for (const route of declaring('public')) {
      expect((await call(route)).statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
  });

  it('the OpenAPI document states the same auth as the routes enforce, and lists every guarded route', () => {
    const key = (method: string, url: string) => `${method} ${url}`;
    const enforced = new Map(routes.map((r) => [key(r.method, r.url), r.auth]));
    const documented = t.app.apiDocs.list();
    for (const def of documented)
      expect(enforced.get(key(def.method, def.url)), key(def.method, def.url)).toBe(def.auth);
    const documentedKeys = new Set(documented.map((d) => key(d.method, d.url)));
    const undocumented = routes.filter(
      (r) => r.auth !== 'public' && r.method !== 'HEAD' && !documentedKeys.has(key(r.method, r.url)),
    );
    expect(undocumented).toEqual([]);
  });

  it('a route that declares no auth fails at registration', async () => {
    const app = Fastify();
    await app.register(routeAuthPlugin);
    expect(() => app.get('/undeclared', async () => 'open')).toThrow(/declares no auth/);
    expect(() => app.get('/declared', { config: { auth: 'public' } }, async () => 'open')).not.toThrow();
    await app.close();
  });
});
