import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { eventually } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

/** Screenshots for a person to look at: each view at desktop and phone width, light and dark. */
const SHOTS = process.env.PRICING_SHOTS_DIR ?? null;

async function shoot(page: Page, name: string, locate: () => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390])
    for (const scheme of ['light', 'dark'] as const) {
      // the console reads the scheme once, at its start: the theme is set as its toggle sets it, keeping the page's state
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((theme) => {
        document.documentElement.dataset.theme = theme;
      }, scheme);
      await page.setViewportSize({ width, height: 900 });
      await locate();
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: width === 390 });
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize({ width: 1360, height: 860 });
}

/**
 * Issue 32 in the console: the owner sets the store currency and a tolerance in Settings → Pricing,
 * the desk form then prices in EUR, the card and the detail show the price and the locked quotes,
 * a payment short inside the tolerance says so, and the dashboard says where rates come from.
 */
describe('pricing in the store currency (Chromium)', () => {
  const signedIn = useSignedInConsole();
  const go = (page: Page, route: string) =>
    page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);

  it('sets EUR and a 1 % tolerance in Settings → Pricing', async () => {
    const { page, service } = signedIn;
    await go(page, 'settings/pricing');
    const form = page.getByTestId('pricing');
    await pw(form.getByText('Sandbox: prices convert')).toBeVisible();
    await form.getByLabel('Store currency').selectOption('EUR');
    await form.getByLabel('Short-payment tolerance').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(
      () => service.server.services.pricing.current(),
      (p) => p.storeCurrency === 'EUR',
    );
    expect(await service.server.services.pricing.current()).toMatchObject({
      storeCurrency: 'EUR',
      shortTolerancePercent: '1',
    });
    await shoot(page, 'settings-pricing', () => form.scrollIntoViewIfNeeded());
  });

  it('refuses a bad manual rate beside its row', async () => {
    const { page } = signedIn;
    const form = page.getByTestId('pricing');
    await form.getByLabel('My own table').check();
    await form.getByRole('button', { name: 'Add a rate' }).click();
    await form.getByLabel('Row 1 rate').fill('-2');
    await form.getByRole('button', { name: 'Save' }).click();
    await pw(form.locator('[data-field="pricing.manualRates.0.rate"]')).toBeVisible();
    await shoot(page, 'settings-pricing-manual', () => form.scrollIntoViewIfNeeded());
    await form.getByRole('button', { name: 'Remove row 1' }).click();
    await form.getByLabel('Live rates (tonapi, CoinGecko, ECB)').check();
  });

  it('makes a desk invoice in EUR and shows its price and quotes on the card and the detail', async () => {
    const { page, service } = signedIn;
    await go(page, 'invoice');
    await page.getByLabel('Amount (EUR)').fill('3,40');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const card = page.getByTestId('invoice-card');
    await pw(card.getByTestId('payment-price')).toHaveText('3.40 EUR');
    // the sandbox's table: 1 USD = 0.92 EUR, 1 USDT = 1 USD, 1 TON = 5 USD
    await pw(card.getByTestId('payment-quotes')).toContainText('3.695653 USDT at 1 USDT = 0.92 EUR · sandbox');
    await pw(card.getByTestId('payment-quotes')).toContainText('0.739130435 TON at 1 TON = 4.6 EUR');
    await shoot(page, 'desk-form-eur', () => card.scrollIntoViewIfNeeded());

    await card.page().getByRole('button', { name: 'Open details' }).click();
    await pw(page).toHaveURL(/#\/payment\//);
    const id = decodeURIComponent(page.url().split('#/payment/')[1]!);
    // 3.66 of 3.695653 USDT is inside the 1 % tolerance: paid, 0.035653 short
    await service.server.simulator!.pay({ paymentId: id, amount: '3.66' });
    await eventually(
      async () => (await service.server.services.payments.get(id)).status,
      (s) => s === 'paid',
    );
    await pw(page.getByTestId('payment-price')).toHaveText('3.40 EUR');
    await pw(page.getByTestId('payment-shortfall')).toHaveText('Paid 0.035653 USDT short, within the 1 % tolerance');
    await shoot(page, 'payment-detail-eur', () => page.getByTestId('payment-price').scrollIntoViewIfNeeded());
    await go(page, 'payments');
    await pw(page.getByTestId('row-price').first()).toHaveText('3.40 EUR');
  });

  it("shows the rates' origin on the dashboard beside the watcher", async () => {
    const { page } = signedIn;
    await go(page, 'dashboard');
    const card = page.getByTestId('rates-card');
    await pw(card.getByTestId('rates-health')).toContainText('Sandbox table');
    await pw(card.getByTestId('rates-refusal')).toHaveText('No fiat price refused since the service started.');
    await shoot(page, 'dashboard-rates', () => card.scrollIntoViewIfNeeded());
    expect(signedIn.ui.errors).toEqual([]);
  });
});
