import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';

const PER_ADDRESS = 5;
const limited = { rateLimit: { enabled: true, max: PER_ADDRESS, keyMax: 1000, windowMs: 60_000 } };
const randomKey = (): string => `tt_${randomBytes(32).toString('base64url')}`;

describe('rate limits: a budget per valid API key, another per client address', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const payments = (headers: Record<string, string> = {}) => t.app.inject({ url: '/crypto/payments', headers });

  it('limits random keys from one address once the address budget is spent', async () => {
    t = await createTestApp({ config: limited });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await payments({ 'x-api-key': randomKey() })).statusCode).toBe(401);
    const res = await payments({ 'x-api-key': randomKey() });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect((await payments()).statusCode).toBe(429);
  });

  it('a valid key has its own budget, beyond the address budget and untouched by bad keys from the same address', async () => {
    t = await createTestApp({ config: limited });
    for (let i = 0; i < PER_ADDRESS + 1; i++) await payments({ 'x-api-key': randomKey() });
    for (let i = 0; i < PER_ADDRESS * 4; i++) expect((await payments({ 'x-api-key': t.apiKey })).statusCode).toBe(200);
  });

  it('a valid key is limited at its own budget', async () => {
    t = await createTestApp({ config: { rateLimit: { enabled: true, keyMax: 3, windowMs: 60_000 } } });
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/crypto/deposit/invoice',
        payload: QUICK_START,
        headers: { 'x-api-key': t.apiKey },
      });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    const other = (await t.services.apiKeys.create('other')).key;
    expect((await payments({ 'x-api-key': other })).statusCode).toBe(200);
  });

  it('counts console and unknown-route traffic against the address too', async () => {
    t = await createTestApp({ config: limited });
    for (let i = 0; i < PER_ADDRESS; i++) await t.app.inject({ url: i % 2 ? '/console/api/session' : '/nope' });
    expect((await t.app.inject({ url: '/console/api/session' })).statusCode).toBe(429);
  });

  it('keeps the health check and static assets out of the budget', async () => {
    t = await createTestApp({ config: limited });
    for (let i = 0; i < PER_ADDRESS + 1; i++) await payments();
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/widgets/versions.json' })).statusCode).not.toBe(429);
    expect((await t.app.inject({ url: '/console/' })).statusCode).not.toBe(429);
  });

  it('without trustProxy, X-Forwarded-For is ignored: every request is the socket address', async () => {
    t = await createTestApp({ config: limited });
    for (let i = 0; i < PER_ADDRESS; i++) await payments({ 'x-forwarded-for': `203.0.113.${i}` });
    expect((await payments({ 'x-forwarded-for': '203.0.113.200' })).statusCode).toBe(429);
  });

  it('with trustProxy, each client address behind the proxy has its own budget, and a spoofed left entry does not help', async () => {
    t = await createTestApp({ config: { ...limited, trustProxy: true } });
    const from = (address: string, spoofed?: string) =>
      payments({ 'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await from('203.0.113.7', `198.18.0.${i}`)).statusCode).toBe(401);
    expect((await from('203.0.113.7', '198.18.0.99')).statusCode).toBe(429);
    expect((await from('198.51.100.9')).statusCode).toBe(401);
  });
});

describe('trustProxy and the console cookie', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const login = async (headers: Record<string, string> = {}) => {
    const token = await t.services.sessions.createLoginToken();
    const res = await t.app.inject({ url: `/console/login?token=${token}`, headers });
    expect(res.statusCode).toBe(302);
    return String(res.headers['set-cookie']);
  };

  it('is Secure behind a TLS-terminating proxy when trustProxy is on', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    expect(await login({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' })).toMatch(/; Secure$/);
    expect(await login()).toMatch(/; Secure$/);
  });

  it('ignores X-Forwarded-Proto when trustProxy is off', async () => {
    t = await createTestApp();
    expect(await login({ 'x-forwarded-proto': 'https' })).not.toContain('Secure');
  });
});
