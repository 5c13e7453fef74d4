import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAuth } from '../../server/http/route';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Walked {
  method: HTTPMethods;
  url: string;
  auth: RouteAuth | undefined;
}

/**
 * What a cashier may call, written out: any console route not listed here must answer a cashier
 * 403, so a route someone adds later is owner-only until it is opened on purpose (auth: 'staff')
 * and listed here.
 */
const STAFF_ROUTES = [
  'GET /console/api/session',
  'POST /console/api/logout',
  'GET /console/api/events',
  'GET /console/api/stats',
  'GET /console/api/watcher',
  'GET /console/api/catalogue',
  'GET /console/api/settings/store',
  'GET /console/api/settings/time-zone',
  'GET /console/api/settings/tips',
  'GET /console/api/payments',
  'POST /console/api/payments',
  'GET /console/api/payments/:paymentId',
  'GET /console/api/payments/:paymentId/refunds',
  'POST /console/api/payments/:paymentId/wallet-session',
  'GET /console/api/payments/:paymentId/wallet-session',
  'DELETE /console/api/payments/:paymentId/wallet-session',
  'GET /console/api/webhooks/deliveries',
  'GET /console/api/webhooks/deliveries/:id',
].sort();

const concrete = (url: string): string => url.replace(/:[A-Za-z_]\w*/g, 'x1').replace(/\*/g, 'x1');
const nameOf = (r: Walked) => `${r.method} ${r.url}`;
/** Fastify answers HEAD with its GET route: the same declaration, so the same list entry. */
const listedAs = (r: Walked) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;
const isConsole = (r: Walked) => r.auth === 'console' || r.auth === 'staff';

describe('a cashier session on every console route', () => {
  let t: TestApp;
  const routes: Walked[] = [];
  let cashierId: string;

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url, auth: route.config?.auth });
      },
    });
    cashierId = (await t.services.cashiers.create('Ana', null, 'owner')).cashier.id;
  });
  afterAll(async () => t.close());

  // a fresh session per call: logout ends the one it is called with
  const cashierSession = async () =>
    (await t.storage.write((uow) => t.services.sessions.startCashierSession(uow, cashierId)))!;
  const call = async (route: Walked, token: string) => {
    const sse = route.url.endsWith('/events');
    const res = await t.app.inject({
      method: route.method,
      url: concrete(route.url),
      headers: { authorization: `Bearer ${token}` },
      ...(sse ? { payloadAsStream: true } : {}),
    });
    if (sse) res.stream().destroy();
    return res;
  };

  it('declares exactly the listed routes staff, and every other console route owner-only', () => {
    const consoleRoutes = routes.filter(isConsole);
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(60);
    expect(
      consoleRoutes
        .filter((r) => r.auth === 'staff' && r.method !== 'HEAD')
        .map(nameOf)
        .sort(),
    ).toEqual(STAFF_ROUTES);
  });

  it('refuses a cashier every owner-only route with 403 FORBIDDEN, and lets them through every staff route', async () => {
    for (const route of routes.filter(isConsole)) {
      const res = await call(route, await cashierSession());
      if (STAFF_ROUTES.includes(listedAs(route))) {
        expect([401, 403], `${nameOf(route)} as a cashier`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${nameOf(route)} as a cashier`).toBe(403);
        if (route.method !== 'HEAD')
          expect(res.json(), nameOf(route)).toMatchObject({
            error: { code: 'FORBIDDEN', message: expect.stringMatching(/only the owner.*Ana.*cashier/) },
          });
      }
    }
  });

  it('refuses the owner nothing', async () => {
    for (const route of routes.filter(isConsole)) {
      const res = await call(route, await t.services.sessions.createSession());
      expect([401, 403], `${nameOf(route)} as the owner`).not.toContain(res.statusCode);
    }
  });

  it('tells the console who is signed in', async () => {
    const as = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/console/api/session',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    expect(await as(await cashierSession())).toMatchObject({ ok: true, role: 'cashier', name: 'Ana' });
    expect(await as(await t.services.sessions.createSession())).toMatchObject({
      ok: true,
      role: 'owner',
      name: 'owner',
    });
  });
});
