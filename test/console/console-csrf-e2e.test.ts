import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { MerchantSite, eventually, is, launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

/**
 * Real Chromium, real service. Another port of 127.0.0.1 is the same site, so SameSite=Strict
 * still sends the console cookie; only the console's own origin checks can stop these requests.
 */
let service: ConsoleService;
let attacker: MerchantSite;
let browser: Browser;

const REBOUND_HOST = 'rebound.test';
// test payments too: a forged widget-preview session would make one, which the dashboard's count leaves out
const paymentCount = async (): Promise<number> =>
  Object.values(await service.server.services.payments.countByStatus(true)).reduce((a, b) => a + b, 0);
const callbackSecret = async (): Promise<string> => (await service.server.services.webhooks.callbackSecret()).secret;

/** A page on another local origin firing the requests a browser lets any page send: no-cors, cookie included. */
function forgeryPage(target: string): string {
  const post = (path: string, extra = '') =>
    `fetch(${JSON.stringify(`${target}/console/api${path}`)}, { method: 'POST', mode: 'no-cors', credentials: 'include'${extra} })`;
  return `<!doctype html><title>loading</title><script>
Promise.allSettled([
  ${post('/webhooks/callback-secret')},
  ${post('/widget-preview/session')},
  ${post('/widget-preview/session', ", headers: { 'content-type': 'text/plain' }, body: '{}'")},
]).then(() => { document.title = 'sent'; });
</script>`;
}

describe('console requests forged from another local origin (Chromium)', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    attacker = await MerchantSite.start();
    // The resolver rule stands in for DNS rebinding: an attacker's name that resolves to loopback.
    browser = await launchChromium([`--host-resolver-rules=MAP ${REBOUND_HOST} 127.0.0.1`]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await attacker?.close();
    await service?.close();
  });

  it('a no-cors POST from another port carries the cookie but changes nothing', async () => {
    const context = await browser.newContext();
    const session = await service.server.services.sessions.createSession();
    await context.addCookies([
      { name: CONSOLE_COOKIE, value: session, url: service.url, httpOnly: true, sameSite: 'Strict' },
    ]);
    const before = { secret: await callbackSecret(), payments: await paymentCount() };
    attacker.pages.set('/forge', forgeryPage(service.url));
    const page = await context.newPage();
    await page.goto(`${attacker.origin}/forge`);
    await eventually(() => page.title(), is('sent'));
    expect({ secret: await callbackSecret(), payments: await paymentCount() }).toEqual(before);

    // The same cookie does work from the console's own origin, so the refusal above is the origin check.
    await page.goto(`${service.url}/console/`);
    const status = await page.evaluate(
      async () =>
        (
          await fetch('/console/api/webhooks/callback-secret', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
    );
    expect(status).toBe(200);
    expect(await callbackSecret()).not.toBe(before.secret);
    await context.close();
  });

  it('refuses the console under a host name it does not serve (DNS rebinding)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const port = new URL(service.url).port;
    const res = await page.goto(`http://${REBOUND_HOST}:${port}/console/`);
    expect(res?.status()).toBe(421);
    expect(JSON.parse(await page.locator('body').innerText()).error.code).toBe('HOST_NOT_ALLOWED');
    await context.close();
  });
});
