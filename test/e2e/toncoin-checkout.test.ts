import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeposit, eventually, is, launchChromium, MerchantSite, startService, type Service } from './e2e-helpers';

const SHOTS = '/tmp/shots-toncoin-checkout';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The hosted page for a payment in Toncoin: its amounts in TON, the coin named in full, a plain ton:// link. */
describe('hosted checkout of a Toncoin payment, in Chromium', () => {
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
  const open = async (
    o: { locale?: string; viewport?: { width: number; height: number }; dark?: boolean } = {},
  ): Promise<void> => {
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
  const ton = (body: Record<string, unknown>) => createDeposit(service, { currency: 'TON', amount: '1.50', ...body });

  it('says what to send in TON, links a plain transfer in nanotons, takes a part and then the rest', async () => {
    await open();
    const deposit = await ton({ successUrl: `${shop.origin}/thanks` });
    await page.goto(deposit.url);
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('1.50 TON'));
    expect(await page.locator('h1').textContent()).toBe('Pay with Toncoin (Gram) on TON');
    expect(await page.title()).toBe('Pay with Toncoin (Gram) on TON');
    expect(await page.getByText('Send Toncoin (Gram) on the TON network only.').count()).toBe(1);
    expect(await page.locator('.brand').textContent()).toBe('TON');
    expect(await page.locator('[data-field="memo"]').textContent()).toBe(deposit.memo);
    const link = (await page.locator('a[href^="ton://"]').getAttribute('href'))!;
    expect(link).toMatch(/^ton:\/\/transfer\/[\w-]{48}\?amount=1500000000&text=/);
    expect(link).toContain(encodeURIComponent(deposit.memo));
    expect(link).not.toContain('jetton=');
    expect(await page.getByRole('button', { name: 'Pay 1.50 TON with wallet' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/toncoin-hpp-1440-light.png`, fullPage: true });

    await service.server.simulator!.pay({ paymentId: deposit.id, amount: '0.25' });
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('1.25 TON'));
    expect(await page.locator('.partial').textContent()).toBe(
      'Received 0.25 TON. 1.25 TON is still due: send it with the same comment.',
    );
    expect(await page.locator('a[href^="ton://"]').getAttribute('href')).toContain('amount=1250000000&');
    await page.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await page.waitForURL(`${shop.origin}/thanks`);
    const status = (await (await fetch(`${service.url}/pay/${deposit.id}/status`)).json()) as Record<string, string>;
    expect(status).toMatchObject({ status: 'paid', currency: 'TON', paidAmount: '1.50', assetSymbol: 'TON' });
  });

  it('shows the paid screen in TON, and writes amounts as German does', async () => {
    await open({ locale: 'de-DE' });
    const deposit = await ton({ amount: '1234.5' });
    await page.goto(deposit.url);
    await eventually(() => page.locator('[data-field="amount"]').textContent(), is('1.234,50 TON'));
    expect(await page.locator('h1').textContent()).toBe('Mit Toncoin (Gram) im TON-Netzwerk bezahlen');
    await service.server.simulator!.pay({ paymentId: deposit.id });
    await eventually(() => page.locator('h1').textContent(), is('Zahlung erhalten'));
    expect(await page.locator('.screen').textContent()).toContain('1.234,50 TON');
  });

  it('looks right at 390 px and in the dark', async () => {
    for (const [name, viewport, dark] of [
      ['390-light', PHONE, false],
      ['390-dark', PHONE, true],
      ['1440-dark', DESKTOP, true],
    ] as const) {
      await open({ viewport, dark });
      const deposit = await ton({});
      await page.goto(deposit.url);
      await eventually(() => page.locator('[data-field="amount"]').textContent(), is('1.50 TON'));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/toncoin-hpp-${name}.png`, fullPage: true });
      await context.close();
    }
  });
});
