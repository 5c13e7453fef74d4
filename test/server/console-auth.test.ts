import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('console sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('a one-time login link sets an HttpOnly SameSite=Strict cookie that opens the console API', async () => {
    const token = await t.services.sessions.createLoginToken();
    const login = await t.app.inject({ url: `/console/login?token=${token}` });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/console/');
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^tontill_console=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
    const session = await t.app.inject({ url: '/console/api/session', headers: { cookie: cookie.split(';')[0]! } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      ok: true,
      mode: 'sandbox',
      role: 'owner',
      name: 'owner',
      acceptedAssets: ['USDT', 'TON'],
      storeCurrency: 'USDT',
    });
  });

  it('a login link works once', async () => {
    const token = await t.services.sessions.createLoginToken();
    expect((await t.app.inject({ url: `/console/login?token=${token}` })).statusCode).toBe(302);
    expect((await t.app.inject({ url: `/console/login?token=${token}` })).statusCode).toBe(401);
  });

  it('a login link expires', async () => {
    const token = await t.services.sessions.createLoginToken();
    t.clock.advance(16 * 60_000);
    expect((await t.app.inject({ url: `/console/login?token=${token}` })).statusCode).toBe(401);
  });

  it('a merchant API key never opens the console API, and a console session never opens the merchant API', async () => {
    const session = await t.services.sessions.createSession();
    expect((await t.app.inject({ url: '/console/api/session', headers: { 'x-api-key': t.apiKey } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ url: '/console/api/session', headers: { authorization: `Bearer ${t.apiKey}` } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/crypto/payments', headers: { 'x-api-key': session } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/crypto/payments', headers: { authorization: `Bearer ${session}` } })).statusCode,
    ).toBe(401);
  });

  it('manages API keys: created once in clear, listed without secrets, revoked', async () => {
    const headers = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/console/api/api-keys',
      payload: { name: 'till 1' },
      headers,
    });
    expect(created.statusCode).toBe(200);
    const { key, apiKey } = created.json();
    expect(key).toMatch(/^tt_/);
    const list = await t.app.inject({ url: '/console/api/api-keys', headers });
    expect(list.body).not.toContain(key);
    expect(list.json().items.map((k: { name: string }) => k.name)).toContain('till 1');
    expect((await t.app.inject({ url: '/crypto/payments', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/console/api/api-keys/${apiKey.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: '/crypto/payments', headers: { 'x-api-key': key } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/console/api/api-keys/${apiKey.id}`, headers })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/console/api/api-keys', payload: { name: '' }, headers });
    expect(bad.json().error.field).toBe('name');
  });

  it('logout ends the session', async () => {
    const session = await t.services.sessions.createSession();
    const headers = { authorization: `Bearer ${session}` };
    expect((await t.app.inject({ method: 'POST', url: '/console/api/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/console/api/session', headers })).statusCode).toBe(401);
  });
});
