import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let owner: Record<string, string>;
const PASSPHRASE = 'counter two, morning shift';
const FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'http://127.0.0.1:8787',
  host: '127.0.0.1:8787',
};

const api = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, headers = owner) =>
  t.app.inject({ method, url: `/console/api${url}`, headers, ...(payload ? { payload } : {}) });
const signIn = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/console/login',
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
  });
const cookieOf = (res: { headers: Record<string, unknown> }) => ({
  cookie: String(res.headers['set-cookie']).split(';')[0]!,
});
const sessionOf = async (headers: Record<string, string>) => api('GET', '/session', undefined, headers);

describe('cashiers: sign-in links, passphrases, revocation', () => {
  beforeEach(async () => {
    t = await createTestApp();
    owner = { authorization: `Bearer ${await t.services.sessions.createSession()}` };
  });
  afterEach(async () => t.close());

  it('gives a new cashier a one-time link that signs them in once, as a cashier', async () => {
    const made = await api('POST', '/cashiers', { name: 'Ana' });
    expect(made.statusCode).toBe(200);
    const { cashier, loginLink } = made.json() as { cashier: { id: string }; loginLink: { path: string } };
    expect(cashier).toMatchObject({ name: 'Ana', hasPassphrase: false, lastSignInAt: null, revokedAt: null });
    const first = await t.app.inject({ method: 'GET', url: loginLink.path });
    expect(first.statusCode).toBe(302);
    expect((await sessionOf(cookieOf(first))).json()).toMatchObject({ role: 'cashier', name: 'Ana' });
    expect((await t.app.inject({ method: 'GET', url: loginLink.path })).statusCode).toBe(401);
    const listed = (await api('GET', '/cashiers')).json() as { items: Array<{ lastSignInAt: string | null }> };
    expect(listed.items[0]!.lastSignInAt).toBe(new Date(t.clock.now()).toISOString());
    // a fresh link from the owner works too; a second live cashier of the same name does not exist
    const again = (await api('POST', `/cashiers/${cashier.id}/login-link`)).json() as { path: string };
    expect((await t.app.inject({ method: 'GET', url: again.path })).statusCode).toBe(302);
    expect((await api('POST', '/cashiers', { name: 'ana' })).json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', field: 'name' },
    });
  });

  it("ends a revoked cashier's sessions and unused links at once", async () => {
    const { cashier, loginLink } = (await api('POST', '/cashiers', { name: 'Bo' })).json() as {
      cashier: { id: string };
      loginLink: { path: string };
    };
    const signedIn = cookieOf(await t.app.inject({ method: 'GET', url: loginLink.path }));
    const unused = ((await api('POST', `/cashiers/${cashier.id}/login-link`)).json() as { path: string }).path;
    expect((await sessionOf(signedIn)).statusCode).toBe(200);
    expect((await api('DELETE', `/cashiers/${cashier.id}`)).statusCode).toBe(204);
    expect((await sessionOf(signedIn)).statusCode).toBe(401);
    expect((await api('GET', '/payments', undefined, signedIn)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(401);
    expect((await api('DELETE', `/cashiers/${cashier.id}`)).statusCode).toBe(404);
    expect((await api('GET', '/cashiers')).json()).toMatchObject({
      items: [{ name: 'Bo', revokedAt: expect.any(String) }],
    });
    // the name is free again
    expect((await api('POST', '/cashiers', { name: 'Bo' })).statusCode).toBe(200);
  });

  it('signs a cashier in with their name and passphrase, refuses a wrong one, and keeps the hash to itself', async () => {
    const { cashier } = (await api('POST', '/cashiers', { name: 'Cy', passphrase: PASSPHRASE })).json() as {
      cashier: { id: string; hasPassphrase: boolean };
    };
    expect(cashier.hasPassphrase).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/console/login' })).body).toContain('name="name"');
    const wrong = await signIn({ name: 'Cy', passphrase: 'not the passphrase at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // the cashier's passphrase is not the owner's: without the name it opens nothing
    expect((await signIn({ name: '', passphrase: PASSPHRASE })).statusCode).toBe(401);
    expect((await signIn({ name: 'Nobody', passphrase: PASSPHRASE })).statusCode).toBe(401);
    const right = await signIn({ name: 'cy', passphrase: PASSPHRASE });
    expect(right.statusCode).toBe(303);
    const session = cookieOf(right);
    expect((await sessionOf(session)).json()).toMatchObject({ role: 'cashier', name: 'Cy' });
    expect((await api('GET', '/settings', undefined, session)).statusCode).toBe(403);
    const [stored] = await t.rows<{ passphrase_hash: string }>('SELECT passphrase_hash FROM cashiers');
    expect(JSON.parse(stored!.passphrase_hash)).toMatchObject({ algorithm: 'scrypt', N: 32768 });
    const answers = [await api('GET', '/cashiers'), await api('GET', '/audit')];
    for (const answer of answers)
      for (const secret of [PASSPHRASE, JSON.parse(stored!.passphrase_hash).hash as string])
        expect(answer.body).not.toContain(secret);
    // removed: only links sign them in afterwards
    expect((await api('PUT', `/cashiers/${cashier.id}/passphrase`, { passphrase: null })).json()).toMatchObject({
      hasPassphrase: false,
    });
    expect((await signIn({ name: 'Cy', passphrase: PASSPHRASE })).statusCode).toBe(401);
  });

  it("counts a cashier's wrong passphrases with the owner's: five lock the address out", async () => {
    await api('POST', '/cashiers', { name: 'Di', passphrase: PASSPHRASE });
    for (let i = 0; i < 5; i++)
      expect((await signIn({ name: 'Di', passphrase: `guess number ${i}` })).statusCode).toBe(401);
    expect((await signIn({ name: 'Di', passphrase: PASSPHRASE })).statusCode).toBe(429);
  });
});
