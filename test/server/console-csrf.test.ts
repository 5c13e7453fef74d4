import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';

/** reads or breaks the SQLite file itself (its query plans, backups, file modes): nothing of it exists on PostgreSQL */
const SQLITE_ONLY = TEST_ENGINE === 'postgres';

const ROTATE = '/console/api/webhooks/callback-secret';
// fastify.inject sends Host: localhost:80, so the console's own origin is http://localhost.
const OWN = 'http://localhost';

describe('console writes prove they come from the console', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const withCookie = async (
    options: {
      headers?: Record<string, string>;
      payload?: string;
      method?: InjectOptions['method'];
      url?: string;
    } = {},
  ) => {
    const session = await t.services.sessions.createSession();
    return t.app.inject({
      method: options.method ?? 'POST',
      url: options.url ?? ROTATE,
      headers: { cookie: `${CONSOLE_COOKIE}=${session}`, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  };
  const refused = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  };

  it('refuses a cookie-borne write with neither a JSON body nor the console header (what a no-cors fetch or a form sends)', async () => {
    t = await createTestApp();
    refused(await withCookie());
    refused(await withCookie({ headers: { 'content-type': 'text/plain' }, payload: '{}' }));
    refused(
      await withCookie({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'graceHours=1' }),
    );
    expect((await withCookie({ headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(200);
    expect((await withCookie({ headers: { 'x-tontill-console': '1' } })).statusCode).toBe(200);
    expect((await withCookie({ method: 'DELETE', url: '/console/api/api-keys/key_nope' })).statusCode).toBe(403);
  });

  it('refuses a write whose Origin or Sec-Fetch-Site names another origin, even with a JSON body', async () => {
    t = await createTestApp();
    const json = { 'content-type': 'application/json', 'x-tontill-console': '1' };
    refused(await withCookie({ headers: { ...json, origin: 'http://127.0.0.1:9999' }, payload: '{}' }));
    refused(await withCookie({ headers: { ...json, origin: 'null' }, payload: '{}' }));
    refused(await withCookie({ headers: { ...json, 'sec-fetch-site': 'same-site' }, payload: '{}' }));
    refused(await withCookie({ headers: { ...json, 'sec-fetch-site': 'cross-site' }, payload: '{}' }));
    refused(await withCookie({ headers: { ...json, origin: OWN, 'sec-fetch-site': 'cross-site' }, payload: '{}' }));
    expect(
      (await withCookie({ headers: { ...json, origin: OWN, 'sec-fetch-site': 'same-origin' }, payload: '{}' }))
        .statusCode,
    ).toBe(200);
  });

  it('accepts the publicUrl origin (the console behind a proxy)', async () => {
    t = await createTestApp({ config: { publicUrl: 'https://pay.example' } });
    const headers = { host: 'pay.example', origin: 'https://pay.example', 'content-type': 'application/json' };
    expect((await withCookie({ headers, payload: '{}' })).statusCode).toBe(200);
  });

  it.skipIf(SQLITE_ONLY)('the restore upload (application/octet-stream) needs the console header', async () => {
    t = await createTestApp();
    const upload = { 'content-type': 'application/octet-stream', origin: OWN };
    refused(await withCookie({ url: '/console/api/restore', headers: upload, payload: 'not a database' }));
    const res = await withCookie({
      url: '/console/api/restore',
      headers: { ...upload, 'x-tontill-console': '1' },
      payload: 'not a database',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('file');
  });

  it('reads are not refused: a cross-origin page cannot read the answer', async () => {
    t = await createTestApp();
    expect(
      (await withCookie({ method: 'GET', url: ROTATE, headers: { origin: 'http://127.0.0.1:9999' } })).statusCode,
    ).toBe(200);
  });

  it('a bearer token is not ambient, so bearer writes (desktop app, CLIs) need no origin proof', async () => {
    t = await createTestApp();
    const authorization = `Bearer ${await t.services.sessions.createSession()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: ROTATE,
      headers: { authorization, origin: 'app://console' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the console answers only under host names it serves (DNS rebinding)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, host: string) => t.app.inject({ url, headers: { host } });

  it('refuses a foreign host name on every console route with 421 HOST_NOT_ALLOWED', async () => {
    t = await createTestApp();
    const token = await t.services.sessions.createLoginToken();
    for (const url of [
      '/console/',
      '/console/api/session',
      `/console/login?token=${token}`,
      '/console/widget-preview?signature=x',
    ]) {
      const res = await get(url, 'rebound.example:8787');
      expect(res.statusCode, url).toBe(421);
      expect(res.json().error).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
      expect(res.json().error.message).toContain('allowedHosts');
    }
    // the login link was not spent by the refused request
    expect((await get(`/console/login?token=${token}`, '127.0.0.1:8787')).statusCode).toBe(302);
  });

  it('serves localhost, IP literals, the publicUrl host and allowedHosts', async () => {
    t = await createTestApp({ config: { publicUrl: 'https://pay.example', allowedHosts: ['till.shop.lan'] } });
    const bearer = `Bearer ${await t.services.sessions.createSession()}`;
    for (const host of [
      'localhost',
      'localhost:8787',
      '127.0.0.1:8787',
      '[::1]:8787',
      '192.168.1.20:8787',
      'pay.example',
      'TILL.shop.lan:8787',
    ]) {
      const res = await t.app.inject({ url: '/console/api/session', headers: { host, authorization: bearer } });
      expect(res.statusCode, host).toBe(200);
    }
    expect((await get('/console/api/session', 'pay.example.rebound.example')).statusCode).toBe(421);
  });

  it('leaves the merchant API, checkout and health check to any host name (a backend may call the service by an internal name)', async () => {
    t = await createTestApp();
    expect(
      (await t.app.inject({ url: '/crypto/payments', headers: { host: 'tontill:8787', 'x-api-key': t.apiKey } }))
        .statusCode,
    ).toBe(200);
    expect((await get('/healthz', 'tontill:8787')).statusCode).toBe(200);
  });
});
