import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeposit, eventually, is, launchChromium, MerchantSite, startService, type Service } from './e2e-helpers';

const SHOTS = '/tmp/shots-checkout-fiat-hosted';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * The hosted page of a price in euros (sandbox's fixed table: 1 USDT = 0.92 EUR, 1 TON = 4.6 EUR): the
 * price, a choice between the two quotes, the rate said to be the sandbox's; Toncoin chosen and paid.
 */
describe('hosted checkout of a fiat price, in Chromium', () => {
  let service: Service;
  let shop: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [service, shop, browser] = await Promise.all([startService(), MerchantSite.start(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.close(), service?.close()]);
  });
  const open = async (o: { viewport?: { width: number; height: number }; dark?: boolean; locale?: string } = {}) => {
    context = await browser.newContext({
      locale: o.locale ?? 'en-US',
      viewport: o.viewport ?? DESKTOP,
      colorScheme: o.dark ? 'dark' : 'light',
    });
    context.setDefaultTimeout(0);
    page = await context.newPage();
  };
  afterEach(async () => {
    await context?.close();
  });
  const euros = (body: Record<string, unknown> = {}) =>
    createDeposit(service, { currency: 'EUR', amount: '3.40', ...body });
  const amount = () => page.locator('[data-field="amount"]').textContent();
  const pressed = () => page.locator('.choice[aria-pressed="true"]').getAttribute('data-currency');

  it('states the price, offers both quotes, switches to Toncoin and settles when Toncoin is paid', async () => {
    await open();
    const deposit = await euros({ successUrl: `${shop.origin}/thanks` });
    await page.goto(deposit.url);
    await eventually(amount, is('3.695653 USDT'));
    expect(await page.locator('[data-field="price"]').textContent()).toBe('3.40 EUR');
    const usdt = page.getByRole('button', { name: /^USDT 3\.695653 USDT$/ });
    const ton = page.getByRole('button', { name: /^Toncoin.* 0\.739130435 TON$/ });
    expect(await usdt.getAttribute('aria-pressed')).toBe('true');
    expect(await ton.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('group', { name: 'Pay in' }).count()).toBe(1);
    expect(await page.locator('[data-field="rate"]').textContent()).toMatch(
      /^1 USDT = 0\.92 EUR · sandbox rates, fixed for testing, not market · locked until \d\d:\d\d/,
    );
    const usdtLink = await page.locator('a[href^="ton://"]').getAttribute('href');
    expect(usdtLink).toContain('jetton=');
    await page.screenshot({ path: `${SHOTS}/checkout-fiat-1440-light.png`, fullPage: true });

    await ton.click();
    await eventually(amount, is('0.739130435 TON'));
    expect(await pressed()).toBe('TON');
    expect(await page.locator('h1').textContent()).toBe('Pay 3.40 EUR');
    expect(await page.locator('[data-field="rate"]').textContent()).toMatch(/^1 TON = 4\.6 EUR · /);
    const tonLink = (await page.locator('a[href^="ton://"]').getAttribute('href'))!;
    expect(tonLink).toMatch(/\?amount=739130435&text=/);
    expect(tonLink).not.toContain('jetton=');
    expect(await page.locator('.qr-wrap svg').getAttribute('aria-label')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-currency'))).toBe('TON');
    expect(await page.getByRole('status').textContent()).toContain('0.739130435 TON');

    await service.server.simulator!.pay({ paymentId: deposit.id });
    await page.waitForURL(`${shop.origin}/thanks`);
    const status = (await (await fetch(`${service.url}/pay/${deposit.id}/status`)).json()) as Record<string, string>;
    expect(status).toMatchObject({ status: 'paid', currency: 'TON', paidAmount: '0.739130435' });
  });

  it('follows a choice made elsewhere through the live stream, and offers none once part arrived', async () => {
    await open();
    const deposit = await euros();
    await page.goto(deposit.url);
    await eventually(amount, is('3.695653 USDT'));
    await service.server.services.payments.chooseAsset(deposit.id, 'TON');
    await eventually(amount, is('0.739130435 TON'));
    expect(await pressed()).toBe('TON');
    await service.server.simulator!.pay({ paymentId: deposit.id, amount: '0.5' });
    await eventually(amount, is('0.239130435 TON'));
    expect(await page.locator('.choice').count()).toBe(0);
    expect(await page.locator('[data-field="price"]').textContent()).toBe('3.40 EUR');
  });

  it('writes the price as German does', async () => {
    await open({ locale: 'de-DE' });
    const deposit = await euros({ amount: '1234.50' });
    await page.goto(deposit.url);
    await eventually(() => page.locator('[data-field="price"]').textContent(), is('1.234,50 EUR'));
    expect(await page.locator('[data-field="rate"]').textContent()).toMatch(/^1 USDT = 0,92 EUR · Sandbox-Kurse/);
    expect(await page.getByRole('group', { name: 'Bezahlen in' }).count()).toBe(1);
  });

  it("says the store's own rate when the store sets its rates by hand", async () => {
    const { pricing } = service.server.services;
    const before = await pricing.current();
    await pricing.save(
      {
        ...before,
        rateMode: 'manual',
        manualRates: [
          { currency: 'EUR', asset: 'USDT', rate: '0.95' },
          { currency: 'EUR', asset: 'TON', rate: '5' },
        ],
      },
      'test',
    );
    try {
      await open();
      const deposit = await euros({ amount: '3.80' });
      await page.goto(deposit.url);
      await eventually(amount, is('4.00 USDT'));
      expect(await page.locator('[data-field="rate"]').textContent()).toMatch(
        /^1 USDT = 0\.95 EUR · the store's own rate · locked until /,
      );
      expect(await page.locator('.choice[data-currency="TON"]').textContent()).toContain('0.76 TON');
    } finally {
      await pricing.save(before, 'test');
    }
  });

  it('leaves an asset-priced payment as it was: no price, no choice', async () => {
    await open();
    const deposit = await createDeposit(service, { currency: 'USDT', amount: '7.25' });
    await page.goto(deposit.url);
    await eventually(amount, is('7.25 USDT'));
    expect(await page.locator('.price-block').count()).toBe(0);
  });

  it('fits at 390 px and in the dark', async () => {
    for (const [name, viewport, dark] of [
      ['390-light', PHONE, false],
      ['390-dark', PHONE, true],
      ['1440-dark', DESKTOP, true],
    ] as const) {
      await open({ viewport, dark });
      const deposit = await euros();
      await page.goto(deposit.url);
      await eventually(amount, is('3.695653 USDT'));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/checkout-fiat-${name}.png`, fullPage: true });
      await context.close();
    }
  });
});
