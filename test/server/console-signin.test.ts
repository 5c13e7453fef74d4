import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let auth: Record<string, string>;
const PASSPHRASE = 'correct horse battery staple';
const FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'http://127.0.0.1:8787',
  host: '127.0.0.1:8787',
};

const api = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/console/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
const signIn = (passphrase: string, extra: { remoteAddress?: string; origin?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/console/login',
    headers: { ...FORM, ...(extra.origin ? { origin: extra.origin } : {}) },
    payload: new URLSearchParams({ passphrase }).toString(),
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });

describe('console sign-in: fresh links and the passphrase', () => {
  beforeEach(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('makes a fresh one-time login link for a signed-in caller (the CLI) that works once', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/console/api/login-links' })).statusCode).toBe(401);
    const made = await api('POST', '/login-links');
    expect(made.statusCode).toBe(200);
    const { path } = made.json() as { path: string };
    expect(path).toMatch(/^\/console\/login\?token=[\w-]+$/);
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers['set-cookie']).toMatch(/^tontill_console=[\w-]+; Path=\/; HttpOnly; SameSite=Strict/);
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(401);
    expect(again.headers['content-security-policy']).toContain("script-src 'self'");
    expect(again.body).toContain('npm run console -- link');
  });

  it('stores the passphrase as a salted scrypt hash that no answer carries', async () => {
    expect((await api('PUT', '/passphrase', { passphrase: 'short' })).json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', field: 'passphrase' },
    });
    const set = await api('PUT', '/passphrase', { passphrase: PASSPHRASE });
    expect(set.json()).toMatchObject({ isSet: true, minLength: 12 });
    const stored = await t.services.settings.get<{ algorithm: string; N: number; salt: string; hash: string }>(
      'console_passphrase',
    );
    expect(stored).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1 });
    expect(Buffer.from(stored!.salt, 'base64')).toHaveLength(16);
    const answers = [
      set,
      await api('GET', '/passphrase'),
      await api('GET', '/settings'),
      await t.app.inject({ method: 'GET', url: '/console/login' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of [stored!.hash, stored!.salt, PASSPHRASE]) expect(answer.body).not.toContain(secret);
    }
    // the same passphrase set again gets a new salt
    await api('PUT', '/passphrase', { passphrase: PASSPHRASE, currentPassphrase: PASSPHRASE });
    expect((await t.services.settings.get<{ salt: string }>('console_passphrase'))!.salt).not.toBe(stored!.salt);
  });

  it('signs in with the passphrase, refuses a wrong one, and refuses all once it is removed', async () => {
    expect((await signIn(PASSPHRASE)).statusCode).toBe(401);
    await api('PUT', '/passphrase', { passphrase: PASSPHRASE });
    const page = await t.app.inject({ method: 'GET', url: '/console/login' });
    expect(page.body).toContain('name="passphrase"');
    const wrong = await signIn('not the passphrase at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That passphrase is not right');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await signIn(PASSPHRASE);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/console/');
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    expect((await t.app.inject({ method: 'GET', url: '/console/api/session', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await api('DELETE', '/passphrase', { currentPassphrase: PASSPHRASE })).statusCode).toBe(200);
    expect((await signIn(PASSPHRASE)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/console/login' })).body).not.toContain('name="passphrase"');
  });

  it('changes or removes a passphrase only for who knows it; wrong guesses through a session count as failed sign-ins', async () => {
    await api('PUT', '/passphrase', { passphrase: PASSPHRASE });
    const missing = await api('PUT', '/passphrase', { passphrase: 'a passphrase of my own' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'currentPassphrase' } });
    expect((await api('DELETE', '/passphrase', {})).json()).toMatchObject({ error: { field: 'currentPassphrase' } });
    for (let i = 0; i < 3; i++)
      expect(
        (await api('PUT', '/passphrase', { passphrase: 'a passphrase of my own', currentPassphrase: `guess ${i}` }))
          .statusCode,
      ).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await api('DELETE', '/passphrase', { currentPassphrase: `guess ${i}` })).statusCode).toBe(400);
    expect(await t.services.passphrase.verify(PASSPHRASE)).toBe(true);
    // five wrong guesses from this address: even the right one waits, on the API and on the sign-in page
    const limited = await api('DELETE', '/passphrase', { currentPassphrase: PASSPHRASE });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED', field: 'currentPassphrase' } });
    expect((await signIn(PASSPHRASE)).statusCode).toBe(429);
    t.clock.advance(10 * 60_000);
    expect(
      (await api('PUT', '/passphrase', { passphrase: 'a passphrase of my own', currentPassphrase: PASSPHRASE }))
        .statusCode,
    ).toBe(200);
    expect(await t.services.passphrase.verify('a passphrase of my own')).toBe(true);
  });

  it('limits wrong passphrases per client address, and refuses a sign-in posted from another site', async () => {
    await api('PUT', '/passphrase', { passphrase: PASSPHRASE });
    for (let i = 0; i < 5; i++)
      expect((await signIn(`wrong guess ${i}`, { remoteAddress: '10.0.0.7' })).statusCode).toBe(401);
    const limited = await signIn(PASSPHRASE, { remoteAddress: '10.0.0.7' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many wrong passphrases');
    expect((await signIn(PASSPHRASE, { remoteAddress: '10.0.0.8' })).statusCode).toBe(303);
    t.clock.advance(10 * 60_000);
    expect((await signIn(PASSPHRASE, { remoteAddress: '10.0.0.7' })).statusCode).toBe(303);
    for (const origin of ['http://evil.example', 'null']) {
      const forged = await signIn(PASSPHRASE, { origin });
      expect(forged.statusCode).toBe(403);
      expect(forged.headers['set-cookie']).toBeUndefined();
    }
  });
});
