import { mkdirSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright';
import { expect as expectWithLimit } from 'playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInConsole } from './console-harness';

/** Waits on what the page shows for as long as it takes: no time limit inside the test. */
const playwrightExpect = expectWithLimit.configure({ timeout: 0 });

const SHOTS = '/tmp/shots-tc-widget';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The checkout inside the preview page's widget frame (console → preview page → widget → checkout). */
const previewCheckout = (page: Page): FrameLocator =>
  page.frameLocator('[data-testid=widget-frame]').frameLocator('#pay iframe');

/** The sandbox wallet's pages, opened from the checkout's link in a new tab: Approve the connection, then the payment. */
async function approveInSandboxWallet(wallet: Page, amount: string): Promise<void> {
  await playwrightExpect(wallet.getByRole('heading', { level: 1 })).toHaveText(/^Connect to .+\?$/);
  await wallet.getByRole('button', { name: 'Approve' }).click();
  await playwrightExpect(wallet.getByRole('heading', { name: 'Send this?' })).toBeVisible();
  await playwrightExpect(wallet.getByText(`${amount} USDT`, { exact: true })).toBeVisible();
  await wallet.getByRole('button', { name: 'Approve' }).click();
  await playwrightExpect(wallet.getByText('Sent', { exact: true })).toBeVisible();
}

describe('the widget preview and the demo shop offer Pay with wallet (TON Connect), in Chromium', () => {
  const signedIn = useSignedInConsole();
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
    signedIn.ui.context.setDefaultTimeout(0);
  });

  const shot = async (page: Page, name: string, width: number, scheme: string) => {
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
  };

  it('the preview frame shows Pay … with wallet at 1440 and 390 px, light and dark', async () => {
    const { page } = signedIn;
    for (const viewport of VIEWPORTS)
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.evaluate(() => {
          location.hash = '#/widget';
        });
        // the console takes its theme from the colour scheme when it loads
        await page.reload();
        const checkout = previewCheckout(page);
        await playwrightExpect(checkout.getByRole('button', { name: /^Pay \S+ USDT with wallet$/ })).toBeVisible();
        await shot(page, 'preview', viewport.width, colorScheme);
        // away and back: the next round gets a fresh preview session
        await page.evaluate(() => {
          location.hash = '#/';
        });
      }
  });

  it("the preview's checkout is paid through the sandbox wallet: its pages approve, the frame turns paid, the events say paid", async () => {
    const { page } = signedIn;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      location.hash = '#/widget';
    });
    const checkout = previewCheckout(page);
    const pay = checkout.getByRole('button', { name: /^Pay \S+ USDT with wallet$/ });
    const amount = /^Pay (\S+) USDT/.exec((await pay.textContent())!)![1]!;
    await pay.click();
    await checkout.getByRole('button', { name: 'Sandbox wallet', exact: true }).click();
    await playwrightExpect(checkout.getByRole('img', { name: /connects Sandbox wallet/ })).toBeVisible();
    await shot(page, 'preview-connect', 1440, 'light');
    const opened = signedIn.ui.context.waitForEvent('page');
    await checkout.getByRole('link', { name: 'Open Sandbox wallet' }).click();
    const wallet = await opened;
    await approveInSandboxWallet(wallet, amount);
    await wallet.close();

    await playwrightExpect(checkout.locator('h1')).toHaveText('Payment received');
    // the preview's event log: the widget told the merchant page "paid"
    await playwrightExpect(page.getByTestId('widget-events').getByText('paid', { exact: true })).toBeVisible();
    await shot(page, 'preview-paid', 1440, 'light');
  });

  it('the demo shop frame shows Pay … with wallet at 1440 and 390 px, light and dark', async () => {
    const { page } = signedIn;
    for (const viewport of VIEWPORTS)
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(`${signedIn.service.url}/demo/merchant`);
        const checkout = page.frameLocator('#pay iframe');
        await playwrightExpect(checkout.getByRole('button', { name: 'Pay 10.00 USDT with wallet' })).toBeVisible();
        await shot(page, 'demo', viewport.width, colorScheme);
      }
    expect(signedIn.ui.errors).toEqual([]);
  });
});
