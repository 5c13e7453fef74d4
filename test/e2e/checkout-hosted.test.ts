import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeposit,
  eventually,
  includes,
  is,
  launchChromium,
  MerchantSite,
  ShiftedClock,
  startService,
  type Service,
} from './e2e-helpers';

const SHOTS = join(import.meta.dirname, '../artifacts/screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The hosted page (HPP): the customer is redirected here, pays, and returns to the shop. */
describe('hosted checkout (HPP), in Chromium', () => {
  let service: Service;
  let shop: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const clock = new ShiftedClock();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [service, shop, browser] = await Promise.all([startService({ clock }), MerchantSite.start(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.close(), service?.close()]);
  });
  const open = async (options: { locale?: string; viewport?: { width: number; height: number } } = {}) => {
    context = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: options.viewport ?? DESKTOP });
    context.setDefaultTimeout(0);
    page = await context.newPage();
  };
  afterEach(async () => {
    await context?.close();
  });

  it('sandbox button pays, the page turns paid and returns to the success URL', async () => {
    await open();
    const deposit = await createDeposit(service, {
      successUrl: `${shop.origin}/thanks?order=42`,
      failUrl: `${shop.origin}/failed`,
    });
    const response = await page.goto(deposit.url);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('7.25 USDT'));
    expect(await page.locator('[data-field="memo"]').textContent()).toBe(deposit.memo);
    expect(await page.getByRole('timer').textContent()).toMatch(/^Time left: (29|30):\d\d$/);
    expect(await page.getByRole('link', { name: 'Open in Tonkeeper' }).getAttribute('href')).toMatch(
      /^https:\/\/app\.tonkeeper\.com\/transfer\//,
    );
    const sandbox = page.getByRole('button', { name: 'Pay with the sandbox test wallet' });
    await sandbox.click();
    await page.waitForURL(`${shop.origin}/thanks?order=42`);
    const status = (await (await fetch(`${service.url}/pay/${deposit.id}/status`)).json()) as { status: string };
    expect(status.status).toBe('paid');
  });

  it('falls back to polling when the event stream is unavailable, and shows partial payments', async () => {
    await open();
    const deposit = await createDeposit(service, {});
    await page.route('**/events', (route) => route.abort());
    await page.goto(deposit.url);
    await eventually(() => page.locator('[data-field="memo"]').textContent(), is(deposit.memo));
    await service.server.simulator!.pay({ paymentId: deposit.id, amount: '2.25' });
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('5.00 USDT'));
    expect(await page.locator('.partial').textContent()).toBe(
      'Received 2.25 USDT. 5.00 USDT is still due: send it with the same comment.',
    );
    expect(await page.locator('a[href^="ton://"]').getAttribute('href')).toContain('amount=5000000');
    await service.server.simulator!.pay({ paymentId: deposit.id });
    await eventually(() => page.locator('h1').textContent(), is('Payment received'));
    // The heading takes focus so a screen reader announces the outcome.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // The receipt opens in a new tab, so the paid screen stays.
    const receipt = page.getByRole('link', { name: 'View receipt' });
    expect(await receipt.getAttribute('href')).toBe(`${service.url}/pay/${deposit.id}/receipt`);
    const [tab] = await Promise.all([context.waitForEvent('page'), receipt.click()]);
    await tab.waitForLoadState();
    expect(await tab.locator('h2').textContent()).toBe('Receipt');
    expect(await tab.locator('.total').textContent()).toContain('7.25 USDT');
  });

  it('shows the cancelled screen live and sends the customer to the fail URL', async () => {
    await open();
    const deposit = await createDeposit(service, { failUrl: `${shop.origin}/failed` });
    await page.goto(deposit.url);
    await page.locator('[data-field="memo"]').waitFor();
    await service.server.services.payments.cancel(deposit.id);
    await eventually(() => page.locator('h1').textContent(), is('This payment was cancelled'));
    await page.waitForURL(`${shop.origin}/failed`);
  });

  it('speaks Russian when the browser prefers it, and is usable by keyboard', async () => {
    await open({ locale: 'ru-RU' });
    const deposit = await createDeposit(service, {});
    await page.goto(deposit.url);
    await eventually(() => page.locator('h1').textContent(), is('Оплата USDT в сети TON'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await page.locator('.warn').textContent()).toContain('комментарий');
    // Tab order reaches the memo's copy button, which names what it copies.
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      names.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
        ),
      );
    }
    expect(names).toContain('Копировать: Комментарий');
    expect(await page.getByRole('status').count()).toBe(1);
  });

  it('saves phone and desktop screenshots of the pending and paid states', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await open({ viewport });
      const deposit = await createDeposit(service, { description: 'Order #1042: 2 × coffee beans' });
      await page.goto(deposit.url);
      await page.locator('svg.qr').waitFor();
      await page.screenshot({ path: join(SHOTS, `hpp-pending-${name}.png`), fullPage: true });
      await service.server.simulator!.pay({ paymentId: deposit.id });
      await eventually(() => page.locator('h1').textContent(), includes('Payment received'));
      await page.screenshot({ path: join(SHOTS, `hpp-paid-${name}.png`), fullPage: true });
      await context.close();
    }
  });

  // Last: moving the clock expires every open payment of this service.
  it('shows the expired screen when the payment runs out, then sends the customer to the fail URL', async () => {
    await open({ viewport: PHONE });
    const deposit = await createDeposit(service, { failUrl: `${shop.origin}/failed?why=expired` });
    await page.goto(deposit.url);
    await page.locator('[data-field="memo"]').waitFor();
    clock.offsetMs += 31 * 60_000;
    await eventually(() => page.locator('h1').textContent(), includes('This invoice expired at'));
    await page.screenshot({ path: join(SHOTS, 'hpp-expired-phone.png'), fullPage: true });
    await page.waitForURL(`${shop.origin}/failed?why=expired`);
  });
});
