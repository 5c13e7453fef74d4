import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDeposit, launchChromium, startService, type Service } from './e2e-helpers';
import { Gate, injectWallet, SigningWallet } from './checkout-wallet-injected';

/** Where the pictures go: TONTILL_SHOTS names a folder to look at them in, else the test artifacts. */
const SHOTS = process.env.TONTILL_SHOTS ?? join(import.meta.dirname, '../artifacts/screenshots');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
/** A phone is a touch screen too: the page leaves the connect QR out there (the link opens the wallet). */
const device = (size: string) => (size === 'phone' ? { isMobile: true, hasTouch: true } : {});

/** "Pay with wallet" as a customer sees it, at both sizes in both schemes: the button, waiting for the wallet, sent. */
describe('checkout: Pay with wallet screenshots, in Chromium', () => {
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

  for (const [size, viewport] of Object.entries(SIZES))
    for (const colorScheme of ['light', 'dark'] as const)
      it(`${size}, ${colorScheme}: the button, "Confirm in your wallet" and "Sent"`, async () => {
        const context = await browser.newContext({ locale: 'en-US', viewport, colorScheme, ...device(size) });
        context.setDefaultTimeout(0);
        const page = await context.newPage();
        const wallet = await SigningWallet.payerOf(service);
        wallet.beforeAnswer = new Gate();
        wallet.beforeChain = new Gate();
        await injectWallet(page, wallet);
        const deposit = await createDeposit(service, { amount: '7.25' });
        await page.goto(deposit.url);
        const shot = (state: string) =>
          page.screenshot({ path: join(SHOTS, `checkout-wallet-${state}-${size}-${colorScheme}.png`), fullPage: true });

        const pay = page.getByRole('button', { name: 'Pay 7.25 USDT with wallet' });
        await playwrightExpect(pay).toBeVisible({ timeout: 0 });
        await shot('button');
        await pay.click();
        const tonkeeper = page.getByRole('button', { name: 'Tonkeeper', exact: true });
        await playwrightExpect(tonkeeper).toBeVisible({ timeout: 0 });
        await shot('choose');
        await tonkeeper.click();
        await playwrightExpect(page.getByText('Confirm in your wallet', { exact: true })).toBeVisible({ timeout: 0 });
        await shot('waiting');
        wallet.beforeAnswer.release();
        await playwrightExpect(page.getByText('Sent — waiting for the network', { exact: true })).toBeVisible({
          timeout: 0,
        });
        await shot('sent');
        wallet.beforeChain.release();
        await wallet.lastSend;
        await playwrightExpect(page.locator('h1')).toHaveText('Payment received', { timeout: 0 });
        await context.close();
      });

  for (const [size, viewport] of Object.entries(SIZES))
    it(`${size}: a remote wallet's universal link (and, on a wide screen, its QR)`, async () => {
      const context = await browser.newContext({ locale: 'en-US', viewport, ...device(size) });
      context.setDefaultTimeout(0);
      const page = await context.newPage();
      await page.route('https://bridge.tonapi.io/**', (route) => route.abort());
      const deposit = await createDeposit(service, { amount: '7.25' });
      await page.goto(deposit.url);
      await page.getByRole('button', { name: 'Pay 7.25 USDT with wallet' }).click();
      await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
      await playwrightExpect(page.getByRole('link', { name: 'Open Tonkeeper' })).toBeVisible({ timeout: 0 });
      await page.screenshot({ path: join(SHOTS, `checkout-wallet-remote-${size}-light.png`), fullPage: true });
      await context.close();
    });
});
