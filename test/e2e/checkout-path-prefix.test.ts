import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/build-web';
import { parseConfig } from '../../server/config/config';
import { startServer, type RunningServer } from '../../server/index';
import { tempDir } from '../helpers/test-app';
import { Receiver } from '../webhooks/receiver';
import { eventually, includes, is, launchChromium } from './e2e-helpers';
import { PrefixProxy } from './prefix-proxy';

type Json = Record<string, unknown>;

/** Every http(s) URL anywhere in a JSON value. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

/** What must never happen on a checkout page: a failed request, a CSP violation, a script error. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // The page closes its status stream itself once the payment is final.
    if (!(r.url().endsWith('/events') && r.failure()?.errorText === 'net::ERR_ABORTED'))
      problems.push(`failed ${r.url()}: ${r.failure()?.errorText ?? ''}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  return problems;
}

/**
 * `{base_url}` with a path: the merchant's server mounts TonTill at /pay/ and strips the prefix
 * (publicUrl `http://127.0.0.1:<port>/pay/`). Everything a customer or a backend is handed must
 * carry the prefix, and the pages must load all they need through it.
 */
describe('the service mounted under a path prefix, in Chromium', () => {
  const dir = tempDir('tontill-prefix-');
  let proxy: PrefixProxy;
  let server: RunningServer;
  let apiKey: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [proxy, browser] = await Promise.all([PrefixProxy.start('/pay'), launchChromium(), buildWeb()]);
    server = await startServer(
      parseConfig({ dataDir: dir.path, port: 0, rateLimit: { enabled: false }, publicUrl: `${proxy.base}/` }),
    );
    proxy.target = server.url;
    apiKey = (await server.services.apiKeys.create('prefix')).key;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await proxy?.close();
    dir.remove();
  });
  const open = async () => {
    context = await browser.newContext();
    context.setDefaultTimeout(0);
    // Violations inside the checkout frame are reported too: every frame runs this.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
      }),
    );
    page = await context.newPage();
    problems = watchProblems(page);
  };
  afterEach(async () => {
    await context?.close();
  });

  const api = async (method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> => {
    const res = await fetch(`${proxy.base}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  };
  const order = (n: number, extra: Json = {}): Json => ({
    currency: 'USDT',
    mainCurrency: 'TON',
    amount: '4.50',
    externalId: `prefix-${n}`,
    ...extra,
  });

  it('hands out links under the prefix: API answers, ton:// untouched, webhook payloads, widget scripts', async () => {
    const receiver = await Receiver.start();
    try {
      const deposit = await api('POST', '/invoice/deposit', order(1, { callbackUrl: receiver.url('/cb') }));
      const invoice = await api('POST', '/crypto/deposit/invoice', order(2));
      const address = await api('POST', '/crypto/deposit/receiving-address', order(3));
      const read = await api('GET', `/crypto/payment/${String(deposit.id)}`);
      expect(deposit.url).toBe(`${proxy.base}/pay/${String(deposit.id)}`);
      for (const answer of [deposit, invoice, address, read]) {
        const links = answer.links as { checkout: string; ton: string; tonkeeper: string };
        expect(links.checkout).toBe(`${proxy.base}/pay/${String(answer.id)}`);
        expect(links.ton).toMatch(/^ton:\/\/transfer\/[\w-]{48}\?jetton=/);
        const ours = urlsIn(answer).filter((u) => u !== links.tonkeeper && u !== receiver.url('/cb'));
        expect(ours.length).toBeGreaterThan(0);
        for (const url of ours) expect(url.startsWith(`${proxy.base}/`)).toBe(true);
      }
      expect((await fetch(String(deposit.url))).status).toBe(200);

      await server.services.webhooks.startDispatcher().whenIdle();
      const [callback] = receiver.received;
      expect((callback?.event.data.links as { checkout: string }).checkout).toBe(
        `${proxy.base}/pay/${String(deposit.id)}`,
      );

      const versions = (await (await fetch(`${proxy.base}/widgets/versions.json`)).json()) as {
        latestUrl: string;
        versions: Array<{ url: string }>;
      };
      for (const url of [versions.latestUrl, versions.versions[0]!.url])
        expect((await fetch(`${proxy.base}${url}`)).status).toBe(200);
      expect(proxy.misses).toEqual([]);
    } finally {
      await receiver.stop();
    }
  });

  it('the hosted page loads its assets and live status through the prefix, with no CSP violation, and gets paid', async () => {
    await open();
    const deposit = await api('POST', '/invoice/deposit', order(10));
    const response = await page.goto(String(deposit.url));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('4.50 USDT'));
    await page.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => page.locator('h1').textContent(), is('Payment received'));
    expect(
      await page.evaluate(() => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0)),
    ).toBeGreaterThan(0);
    const receipt = `${proxy.base}/pay/${String(deposit.id)}/receipt`;
    expect(await page.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(receipt);
    const html = await (await fetch(receipt)).text();
    // the QR code names the receipt under the public URL, prefix included
    expect(html).toContain(`${receipt}</p>`);
    expect(problems).toEqual([]);
    expect(proxy.misses).toEqual([]);
  });

  it('the embedded page, on a shop page of the same site, loads through the prefix and reports paid', async () => {
    await open();
    const session = await api('POST', '/invoice/widgets', order(20, { allowedOrigins: [proxy.origin] }));
    proxy.pages.set(
      '/shop/checkout',
      `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${proxy.base}/">
<title>Shop</title><link rel="icon" href="data:,"><script src="${proxy.base}/widgets/index-latest.js"></script></head><body>
<div id="pay" signature="${String(session.signature)}" style="height:520px"></div>
<script>window.events = []; ServiceWidget.init({ container: '#pay', onEvent: (e) => window.events.push(e.type) });</script>
</body></html>`,
    );
    await page.goto(`${proxy.origin}/shop/checkout`);
    const frame = page.frameLocator('#pay iframe');
    await eventually(() => frame.locator('[data-field="amount"]').textContent(), is('4.50 USDT'));
    expect(await page.locator('#pay iframe').getAttribute('src')).toMatch(new RegExp(`^${proxy.base}/embed\\?`));
    await frame.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => page.evaluate(() => (window as unknown as { events: string[] }).events), includes('paid'));
    expect(problems).toEqual([]);
    expect(proxy.misses).toEqual([]);
  });
});
