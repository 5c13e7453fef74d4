import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureBuilt,
  openConsole,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from '../console/console-harness';
import { tinyPng } from '../helpers/tiny-png';
import { eventually, is, ShiftedClock } from './e2e-helpers';

const SHOTS = join(tmpdir(), 'tontill-checkout-store');
const STORE = { name: 'Coffee Corner', contact: 'help@coffee.example' };

/**
 * The store as the merchant sets it in the console (Settings → Store) and as the customer sees it on
 * the hosted checkout: name, logo and order, the language they pick (kept across a reload), and whom
 * to ask once the payment has run out.
 */
describe('the store profile from the console on the hosted checkout, in Chromium', () => {
  const clock = new ShiftedClock();
  let service: ConsoleService;
  let ui: ConsoleBrowser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await ensureBuilt();
    service = await startConsoleService({}, undefined, { clock });
    ui = await openConsole(service);
    ui.context.setDefaultTimeout(0);
  });
  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
  });

  it('name, logo and contact set in Settings show on the checkout, in the language the customer picks', async () => {
    const { page } = ui;
    await page.evaluate(() => {
      location.hash = '#/settings';
    });
    const form = page.getByTestId('store-profile');
    await form.getByLabel('Store name').fill(STORE.name);
    await form.locator('#store-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng(16) });
    await playwrightExpect(form.getByRole('img', { name: 'Current logo' })).toBeVisible({ timeout: 0 });
    await form.getByLabel(/^Contact/).fill(STORE.contact);
    await form.getByRole('button', { name: 'Save' }).click();
    await playwrightExpect(page.getByText('Saved. The checkout shows it from now on.')).toBeVisible({ timeout: 0 });
    await page.screenshot({ path: join(SHOTS, 'settings-store.png') });

    const { payment } = await service.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '7.25',
      externalId: 'ORDER-77',
    });
    const checkout = await ui.context.newPage();
    await checkout.goto(`${service.url}/pay/${payment.id}`);
    await playwrightExpect(checkout.locator('.store-name')).toHaveText(STORE.name, { timeout: 0 });
    await playwrightExpect(checkout.locator('[data-field="order"]')).toHaveText('Order ORDER-77', { timeout: 0 });
    const logo = checkout.locator('img.store-logo');
    await eventually(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), is(16));

    // The visible switch, not a URL parameter: the customer picks Deutsch and the page answers in German.
    await checkout.getByLabel('Language').selectOption({ label: 'Deutsch' });
    await playwrightExpect(checkout.locator('h1')).toHaveText('Mit USDT im TON-Netzwerk bezahlen', { timeout: 0 });
    await playwrightExpect(checkout.locator('[data-field="order"]')).toHaveText('Bestellung ORDER-77', { timeout: 0 });
    // German marks on what is read; the copy button still copies what a wallet takes
    await playwrightExpect(checkout.locator('[data-field="amount"]')).toHaveText('7,25 USDT', { timeout: 0 });
    await checkout.reload();
    await playwrightExpect(checkout.locator('h1')).toHaveText('Mit USDT im TON-Netzwerk bezahlen', { timeout: 0 });
    expect(await checkout.getByLabel('Sprache').inputValue()).toBe('de');
    expect(await checkout.evaluate(() => document.documentElement.lang)).toBe('de');
    await checkout.screenshot({ path: join(SHOTS, 'checkout-de.png'), fullPage: true });

    // The service's clock runs past the payment's expiry: the open page turns to the expired screen live.
    clock.offsetMs += 31 * 60_000;
    await playwrightExpect(checkout.locator('h1')).toContainText('Diese Rechnung ist um', { timeout: 0 });
    await playwrightExpect(checkout.locator('.end-contact')).toHaveText(
      `Schon bezahlt? Wenden Sie sich an ${STORE.name}: ${STORE.contact}`,
      { timeout: 0 },
    );
    await checkout.getByLabel('Sprache').selectOption({ label: 'English' });
    await playwrightExpect(checkout.locator('.end-contact')).toHaveText(
      `Already paid? Contact ${STORE.name}: ${STORE.contact}`,
      { timeout: 0 },
    );
    expect(await checkout.locator(`.end-contact a[href="mailto:${STORE.contact}"]`).count()).toBe(1);
    await checkout.screenshot({ path: join(SHOTS, 'checkout-expired.png'), fullPage: true });
    expect(ui.errors).toEqual([]);
  });
});
