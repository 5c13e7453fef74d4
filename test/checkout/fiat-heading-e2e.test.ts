import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeposit, eventually, is, launchChromium, startService, type Service } from '../e2e/e2e-helpers';

const SHOTS = '/tmp/shots-fiat-heading-e2e';
const VIEWPORTS = { 1440: { width: 1440, height: 900 }, 390: { width: 390, height: 844 } } as const;

/**
 * The heading of a fiat-priced checkout states the price ("Pay 3.40 EUR"), whichever asset the customer
 * then picks below it; an asset-priced payment's heading names its asset as before. The tab's title says
 * the same, from the server's page before the script runs and from the script after.
 */
describe('the checkout heading of a fiat price, in Chromium', () => {
  let service: Service;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  const open = async (o: { viewport?: { width: number; height: number }; dark?: boolean; locale?: string } = {}) => {
    context = await browser.newContext({
      locale: o.locale ?? 'en-US',
      viewport: o.viewport ?? VIEWPORTS[1440],
      colorScheme: o.dark ? 'dark' : 'light',
    });
    context.setDefaultTimeout(0);
    page = await context.newPage();
  };
  afterEach(async () => {
    await context?.close();
  });
  const heading = () => page.locator('h1').textContent();
  const amount = () => page.locator('[data-field="amount"]').textContent();

  it('says the price, not the asset, and keeps saying it when the customer picks Toncoin', async () => {
    await open();
    const deposit = await createDeposit(service, { currency: 'EUR', amount: '3.40' });
    const html = await (await fetch(deposit.url)).text();
    expect(html).toContain('<title>Pay 3.40 EUR</title>');
    await page.goto(deposit.url);
    await eventually(heading, is('Pay 3.40 EUR'));
    expect(await page.title()).toBe('Pay 3.40 EUR');
    expect(await page.getByRole('group', { name: 'Pay in' }).count()).toBe(1);
    await page.locator('.choice[data-currency="TON"]').click();
    await eventually(amount, is('0.739130435 TON'));
    expect(await heading()).toBe('Pay 3.40 EUR');
    expect(await page.title()).toBe('Pay 3.40 EUR');
  });

  it("writes the price in the page's language", async () => {
    await open({ locale: 'de-DE' });
    const deposit = await createDeposit(service, { currency: 'EUR', amount: '1234.50' });
    await page.goto(deposit.url);
    await eventually(heading, is('1.234,50 EUR bezahlen'));
  });

  it('leaves the heading of an asset-priced payment as it was', async () => {
    await open();
    const deposit = await createDeposit(service, { currency: 'USDT', amount: '7.25' });
    expect(await (await fetch(deposit.url)).text()).toContain('<title>Pay with USDT on TON</title>');
    await page.goto(deposit.url);
    await eventually(heading, is('Pay with USDT on TON'));
    expect(await page.title()).toBe('Pay with USDT on TON');
  });

  it('shows the EUR invoice at 1440 and 390 px, light and dark', async () => {
    for (const width of [1440, 390] as const) {
      for (const dark of [false, true]) {
        await open({ viewport: VIEWPORTS[width], dark });
        const deposit = await createDeposit(service, { currency: 'EUR', amount: '3.40' });
        await page.goto(deposit.url);
        await eventually(heading, is('Pay 3.40 EUR'));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `${SHOTS}/checkout-eur-${width}-${dark ? 'dark' : 'light'}.png`,
          fullPage: true,
        });
        await context.close();
      }
    }
  });
});
