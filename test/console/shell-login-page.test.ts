import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The service's half of signing in and out: the login page a cashier can act on, and a logout that ends the session. */
describe('console sign-in page and logout', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const signIn = async (token: string) => {
    const login = await t.app.inject({ url: `/console/login?token=${token}` });
    expect(login.statusCode).toBe(302);
    return String(login.headers['set-cookie']).split(';')[0]!;
  };
  const sessionStatus = async (cookie: string) =>
    (await t.app.inject({ url: '/console/api/session', headers: { cookie } })).statusCode;

  it('a used link tells a cashier to ask the owner for a new one, not to run a command on the server', async () => {
    const page = await t.app.inject({ url: '/console/login?token=not-a-live-token' });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('This sign-in link no longer works');
    expect(page.body).toMatch(/Cashiers?:[^<]*ask the owner for a new sign-in link/i);
    // the command is still there, for the owner
    expect(page.body).toContain('npm run console -- link');
  });

  for (const role of ['owner', 'cashier'] as const) {
    it(`logout ends ${role === 'owner' ? "the owner's" : "a cashier's"} session: the old cookie is refused afterwards`, async () => {
      const token =
        role === 'owner'
          ? await t.services.sessions.createLoginToken()
          : (await t.services.cashiers.create('Ana', null, 'owner')).loginToken;
      const cookie = await signIn(token);
      expect(await sessionStatus(cookie)).toBe(200);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/console/api/logout',
        headers: { cookie, 'x-tontill-console': '1' },
      });
      expect(logout.statusCode).toBe(204);
      expect(String(logout.headers['set-cookie'])).toMatch(/Max-Age=0/);
      expect(await sessionStatus(cookie)).toBe(401);
    });
  }
});
