import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { expect as expectWithLimit } from 'playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_STRINGS } from '../../checkout/wallet-i18n';
import { createDeposit, launchChromium, ShiftedClock, startService, type Service } from './e2e-helpers';
import { injectWallet, SigningWallet } from './checkout-wallet-injected';

const SHOTS = '/tmp/shots-tc-widget';

/** Waits on what the page shows for as long as it takes: no time limit inside the test. */
const playwrightExpect = expectWithLimit.configure({ timeout: 0 });

/**
 * A wallet that never answers (the customer walked away from it), with time under the test's hand:
 * the page's clock (Playwright's page.clock) and the service's (ShiftedClock) jump together, so no
 * real waiting for the request's valid_until or the payment's expiry, and the page, which takes the
 * time of day from the service, agrees with it.
 */
describe('checkout: Pay with wallet when the wallet never answers, in Chromium', () => {
  let service: Service;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let wallet: SigningWallet;
  const clock = new ShiftedClock();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [service, browser] = await Promise.all([startService({ clock }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  /** The hosted page with the injected wallet and a fake clock installed before the page loads. */
  const open = async (url: string) => {
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(0);
    page = await context.newPage();
    wallet = await SigningWallet.payerOf(service);
    await injectWallet(page, wallet);
    await page.clock.install();
    await page.goto(url);
  };
  /** `ms` pass for the service and the page alike; the page's timers due by then fire. */
  const pass = async (ms: number) => {
    clock.offsetMs += ms;
    await page.clock.fastForward(ms);
  };
  const visible = (text: string) => playwrightExpect(page.getByText(text, { exact: true })).toBeVisible();

  /** Pay with wallet → Tonkeeper (injected) → the request reaches the wallet, which says nothing. */
  const askTheSilentWallet = async (amount: string) => {
    wallet.answers.push('never');
    await page.getByRole('button', { name: `Pay ${amount} USDT with wallet` }).click();
    await page.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
    await visible('Confirm in your wallet');
    await playwrightExpect.poll(() => wallet.requests.length).toBe(1);
  };

  it('past the request valid_until: says the wallet did not answer in time (every language), keeps the fallback, Try again pays', async () => {
    const deposit = await createDeposit(service, { amount: '5.50' });
    await open(deposit.url);
    await askTheSilentWallet('5.50');
    const validUntilMs = wallet.requests[0]!.valid_until * 1000;
    // the request can be signed up to valid_until, never past the payment's expiry (30 min by default)
    expect(validUntilMs - clock.now()).toBeLessThanOrEqual(5 * 60_000);
    await pass(validUntilMs - clock.now() + 1_000);

    for (const [lang, t] of Object.entries(WALLET_STRINGS)) {
      await page.locator('#lang').selectOption(lang);
      await playwrightExpect(page.getByRole('alert')).toHaveText(t.walletTimeout);
      await playwrightExpect(page.getByRole('button', { name: t.walletTryAgain })).toBeVisible();
      await visible(t.walletFallback);
    }
    await page.locator('#lang').selectOption('en');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ])
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          path: `${SHOTS}/checkout-timeout-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    // the fallback stays: the QR, the links and the copy fields
    await playwrightExpect(page.locator('svg.qr')).toBeVisible();
    await playwrightExpect(page.getByRole('link', { name: 'Open in Tonkeeper' })).toBeVisible();
    await playwrightExpect(page.locator('[data-field="memo"]')).toHaveText(deposit.memo);
    await playwrightExpect(page.locator('h1')).not.toHaveText(/expired/);

    await page.getByRole('button', { name: 'Try again' }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received');
    expect(wallet.requests).toHaveLength(2);
    expect((await service.server.services.payments.view(deposit.id)).transfers).toHaveLength(1);
  });

  it('the payment expiring while the wallet is asked ends on the expired screen, not on "Confirm in your wallet"', async () => {
    // the shortest expiry the API takes: the request's valid_until is capped at it
    const deposit = await createDeposit(service, { amount: '2.75', expiresInSeconds: 60 });
    await open(deposit.url);
    await askTheSilentWallet('2.75');
    const expiresAt = Date.parse((await service.server.services.payments.view(deposit.id)).expiresAt);
    expect(wallet.requests[0]!.valid_until * 1000).toBeLessThanOrEqual(expiresAt);
    await pass(expiresAt - clock.now() + 1_000);

    await playwrightExpect(page.locator('h1')).toHaveText(/^This invoice expired at /);
    await visible('Do not send funds for it any more.');
    await playwrightExpect(page.getByText('Confirm in your wallet')).toHaveCount(0);
    await playwrightExpect(page.getByRole('button', { name: /with wallet$|^Try again$/ })).toHaveCount(0);
    await playwrightExpect(page.locator('svg.qr')).toHaveCount(0);
  });

  it('a remote wallet (the sandbox wallet through the loopback bridge) that shows the request and never approves: the same timeout, then Try again pays', async () => {
    const deposit = await createDeposit(service, { amount: '3.25' });
    await open(deposit.url);
    await page.getByRole('button', { name: 'Pay 3.25 USDT with wallet' }).click();
    await page.getByRole('button', { name: 'Sandbox wallet', exact: true }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Open Sandbox wallet' }).click();
    const sandboxWallet = await opened;
    await sandboxWallet.getByRole('button', { name: 'Approve' }).click();
    await playwrightExpect(sandboxWallet.getByRole('heading', { name: 'Send this?' })).toBeVisible();
    await visible('Confirm in your wallet');
    // the request is valid for five minutes at most; the customer looks at it and does nothing
    await pass(5 * 60_000 + 1_000);

    await playwrightExpect(page.getByRole('alert')).toHaveText('The wallet did not answer in time.');
    await playwrightExpect(page.locator('[data-field="memo"]')).toHaveText(deposit.memo);
    await page.getByRole('button', { name: 'Try again' }).click();
    // The wallet still shows the first request: approved now, it refuses it as expired; then the new one.
    await sandboxWallet.getByRole('button', { name: 'Approve' }).click();
    await playwrightExpect(sandboxWallet.getByText(/the request expired before it was approved/)).toBeVisible();
    await visible('Confirm in your wallet');
    await playwrightExpect(sandboxWallet.getByText('3.25 USDT', { exact: true })).toBeVisible();
    await sandboxWallet.getByRole('button', { name: 'Approve' }).click();
    await playwrightExpect(page.locator('h1')).toHaveText('Payment received');
    expect((await service.server.services.payments.view(deposit.id)).transfers).toHaveLength(1);
  });
});
