import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { admitGuess, SIGN_IN_LOCKOUT } from '../../server/auth/sign-in-guesses';
import { createTestApp, ManualClock, tempDir, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';

// The lockout against guesses sent at the same moment: every guess is counted before its passphrase
// is compared, so a burst gets five comparisons and no more, on every route that takes a passphrase.
const PASSPHRASE = 'correct horse battery staple';
const FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'http://127.0.0.1:8787',
  host: '127.0.0.1:8787',
};
const ATTACKER = '203.0.113.9';

const opened: TestApp[] = [];
const removals: Array<() => void> = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
  for (const remove of removals.splice(0)) remove();
});

async function openApp(options: { dataDir?: string; clock?: ManualClock } = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  opened.push(t);
  return t;
}

const ownerAuth = async (t: TestApp) => ({ authorization: `Bearer ${await t.services.sessions.createSession()}` });

const signIn = (t: TestApp, passphrase: string, name = '') =>
  t.app.inject({
    method: 'POST',
    url: '/console/login',
    headers: FORM,
    remoteAddress: ATTACKER,
    payload: new URLSearchParams({ passphrase, ...(name ? { name } : {}) }).toString(),
  });

const statuses = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('the sign-in lockout under bursts', () => {
  it('admits five guesses per window and counts from the first one (the rule itself)', () => {
    const policy = SIGN_IN_LOCKOUT;
    let window = null;
    for (let guess = 1; guess <= policy.maxGuesses; guess++) {
      const decision = admitGuess(window, 1_000 + guess, policy);
      expect(decision).toMatchObject({ admitted: true, window: { guesses: guess, startedAt: 1_001 } });
      window = decision.admitted ? decision.window : null;
    }
    expect(admitGuess(window, 1_001 + 60_000, policy)).toEqual({ admitted: false, retryAfterSeconds: 540 });
    expect(admitGuess(window, 1_001 + policy.windowMs, policy)).toEqual({
      admitted: true,
      window: { guesses: 1, startedAt: 1_001 + policy.windowMs },
    });
  });

  it('compares only five of thirty wrong passphrases sent at once to the sign-in page', async () => {
    const t = await openApp();
    await t.services.passphrase.set(PASSPHRASE);
    const codes = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(t, `wrong guess ${i}`))));
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 429)).toBe(25);
  });

  it('never signs in a burst of forty whose right passphrase is thirtieth', async () => {
    const t = await openApp();
    await t.services.passphrase.set(PASSPHRASE);
    const burst = Array.from({ length: 40 }, (_, i) => signIn(t, i === 29 ? PASSPHRASE : `wrong guess ${i}`));
    const answers = await Promise.all(burst);
    expect(count(statuses(answers), 303)).toBe(0);
    expect(answers[29]!.statusCode).toBe(429);
    expect(answers[29]!.headers['set-cookie']).toBeUndefined();
  });

  it("holds for a cashier's name and passphrase", async () => {
    const t = await openApp();
    await t.services.cashiers.create('Ana', PASSPHRASE, 'owner');
    const burst = Array.from({ length: 30 }, (_, i) => signIn(t, i === 20 ? PASSPHRASE : `wrong guess ${i}`, 'Ana'));
    const codes = statuses(await Promise.all(burst));
    expect(count(codes, 401)).toBe(5);
    expect(count(codes, 303)).toBe(0);
  });

  it("holds for changing and removing the passphrase, which share the address's guesses with sign-in", async () => {
    const t = await openApp();
    await t.services.passphrase.set(PASSPHRASE);
    const headers = await ownerAuth(t);
    const change = (currentPassphrase: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/console/api/passphrase',
        headers,
        remoteAddress: ATTACKER,
        payload: { passphrase: 'a passphrase of my own', currentPassphrase },
      });
    const remove = (currentPassphrase: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/console/api/passphrase',
        headers,
        remoteAddress: ATTACKER,
        payload: { currentPassphrase },
      });
    const burst = Array.from({ length: 30 }, (_, i) =>
      (i % 2 ? change : remove)(i === 25 ? PASSPHRASE : `wrong guess ${i}`),
    );
    const codes = statuses(await Promise.all(burst));
    expect(count(codes, 400)).toBe(5);
    expect(count(codes, 429)).toBe(25);
    expect(await t.services.passphrase.verify(PASSPHRASE)).toBe(true);
    expect((await signIn(t, PASSPHRASE)).statusCode).toBe(429);
  });

  it('remembers the guesses across a restart', async () => {
    const dir = tempDir();
    removals.push(dir.remove);
    const clock = new ManualClock();
    const before = await openApp({ dataDir: dir.path, clock });
    await before.services.passphrase.set(PASSPHRASE);
    for (let i = 0; i < 5; i++) expect((await signIn(before, `wrong guess ${i}`)).statusCode).toBe(401);
    await before.close();
    opened.splice(opened.indexOf(before), 1);

    const after = await openApp({ dataDir: dir.path, clock });
    expect((await signIn(after, PASSPHRASE)).statusCode).toBe(429);
    clock.advance(SIGN_IN_LOCKOUT.windowMs);
    expect((await signIn(after, PASSPHRASE)).statusCode).toBe(303);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('shares the guesses between instances on one PostgreSQL ledger', async () => {
    const dir = tempDir();
    removals.push(dir.remove);
    const clock = new ManualClock();
    const first = await openApp({ dataDir: dir.path, clock });
    const second = await openApp({ dataDir: dir.path, clock });
    await first.services.passphrase.set(PASSPHRASE);
    const codes = statuses(
      await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? first : second, `wrong guess ${i}`))),
    );
    expect(count(codes, 401)).toBe(5);
    expect((await signIn(first, PASSPHRASE)).statusCode).toBe(429);
    expect((await signIn(second, PASSPHRASE)).statusCode).toBe(429);
  });
});
