import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchChromium, startService, type Service } from './e2e-helpers';

const SHOTS = join(import.meta.dirname, '../artifacts/screenshots');

/** The reference page at /docs, as a developer opens it: rendered, offline, under its own strict CSP. */
describe('API reference page (/docs), in Chromium', () => {
  let service: Service;
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [service, browser] = await Promise.all([startService(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('serves no inline script: the viewer is a same-origin file, configured by data attributes', async () => {
    const res = await fetch(`${service.url}/docs`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attributes, content] of scripts) {
      expect(content, 'inline script content').toBe('');
      expect(attributes).toMatch(/type="application\/json"|src="docs\/assets\/scalar\.[0-9a-f]{12}\.js"/);
    }
    const bundleUrl = /src="(docs\/assets\/[^"]+)"/.exec(html)![1]!;
    const bundle = await fetch(`${service.url}/${bundleUrl}`);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    // Read it to the end: an unread 1 MB body keeps its connection busy, and closing the service waits for it.
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('renders the operations with a copyable curl command, loads nothing from outside and breaks no CSP rule', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(0);
    const requests: string[] = [];
    const problems: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    try {
      await page.goto(`${service.url}/docs`);
      await eventually(
        () => page.getByText('Create an invoice with its payment links').count(),
        (n) => n > 0,
      );
      for (const summary of [
        'Create a deposit paid on the hosted payment page',
        'Create a deposit and get where and how to pay',
        'Read a payment record',
      ]) {
        expect(await page.getByText(summary).count(), summary).toBeGreaterThan(0);
      }
      expect(await page.locator('body').innerText()).not.toContain('"openapi"');

      await page.getByText('Create an invoice with its payment links').first().click();
      const curl = page.locator('pre').filter({ hasText: /curl \S+\/crypto\/deposit\/invoice \\/ });
      await eventually(
        () => curl.count(),
        (n) => n === 1,
      );
      const text = await curl.innerText();
      expect(text).toContain(`${service.url}/crypto/deposit/invoice`);
      expect(text).toMatch(/--request POST/);
      expect(text).toContain('x-api-key');
      expect(text).toContain('"amount": "10.00"');
      // The code block's copy button names the block it copies.
      await curl.hover();
      await page.locator(`button[aria-controls="${await curl.getAttribute('id')}"]`).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/crypto/deposit/invoice');

      await page.screenshot({ path: join(SHOTS, 'api-docs.png') });
      const offsite = requests.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).hostname !== '127.0.0.1');
      expect(offsite).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links the widget reference, which renders as a plain page, requests nothing but itself and breaks no CSP rule', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const requests: string[] = [];
    const problems: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    page.on('console', (message) => problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    try {
      await page.goto(`${service.url}/docs`);
      await page.getByRole('link', { name: 'widget reference' }).first().click();
      await page.waitForURL(`${service.url}/docs/widget`);
      expect(await page.getByRole('heading', { name: 'Errors' }).count()).toBe(1);
      expect(await page.locator('table').count()).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: join(SHOTS, 'widget-docs.png'), fullPage: true });
      const widgetPageRequests = requests.slice(requests.indexOf(`${service.url}/docs/widget`));
      expect(widgetPageRequests).toEqual([`${service.url}/docs/widget`]);
      expect(problems.filter((text) => /Content Security Policy|Refused to|page error/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
