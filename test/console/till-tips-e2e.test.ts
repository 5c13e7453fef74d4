import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

const SHOTS = '/tmp/shots-tips';

/**
 * Tips at the till, as the owner turns them on and a customer gives one: the tip step between the
 * sale and the QR, the invoice asking for sale + tip, the receipt and the daily close saying how much
 * was a tip. And the browser asks before a tab with a payable payment is closed.
 */
describe('tips at the till, in Chromium against the real service', () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  const till = () => page.getByTestId('till');
  const newest = async () => (await signedIn.service.server.services.payments.list({ limit: 1 }))[0]!;
  const go = (route: string) => page.goto(`${signedIn.service.url}/console/#/${route}`);

  beforeAll(async () => {
    page = signedIn.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  /** Each screen at a laptop's and a phone's size, light and dark, to look at; `focus` scrolled into view. */
  async function shoot(name: string, focus?: Locator): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.emulateMedia({ colorScheme });
        // the console's own theme switch wins over the system's: set both
        await page.evaluate((theme) => {
          document.documentElement.dataset.theme = theme;
        }, colorScheme);
        await focus?.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${name}-${w}-${colorScheme}.png`, fullPage: !focus });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await page.setViewportSize({ width: 1360, height: 860 });
  }

  /** Closing the tab while `page` shows a payable payment: the browser's "Leave site?" question, answered "stay". */
  async function beforeUnloadAsked(): Promise<string> {
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    return asked;
  }

  it('are turned on in Settings, with the percent buttons the owner chose', async () => {
    await go('settings/store');
    const form = page.getByTestId('tip-settings');
    await form.waitFor();
    await shoot('settings-tips', form);
    await form.getByRole('checkbox', { name: 'Ask for a tip at the till' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(
      () => signedIn.service.server.services.settings.get<{ enabled: boolean }>('till_tips'),
      (saved) => saved?.enabled === true,
    );
  });

  it('asks for a tip between the sale and the QR: 15 % of 12.50 is 1.88, and the QR asks for 14.38', async () => {
    await go('invoice');
    await page.reload();
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    await page.keyboard.type('12.50');
    await page.keyboard.press('Enter');
    const step = till().getByTestId('till-tip');
    await step.waitFor();
    expect(await step.getByRole('button').allTextContents()).toEqual([
      '10 %1.25',
      '15 %1.88',
      '20 %2.50',
      'Customany amount',
      'No tip',
      'Back to the sale (Esc)',
    ]);
    await shoot('till-tip-step');
    await step.getByRole('button', { name: /^15 %/ }).click();
    await till().locator('svg.qr').waitFor();
    expect(await till().locator('.till-amount').textContent()).toBe('14.38 USDT');
    expect(await till().getByTestId('till-tip-line').textContent()).toBe('Tip1.88');
    const payment = await newest();
    expect(payment).toMatchObject({ amount: 14_380_000n, tip: 1_880_000n });
    await shoot('till-tip-payment');

    expect(await beforeUnloadAsked()).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await signedIn.service.server.simulator!.pay({ paymentId: payment.id });
    await till().getByTestId('till-ended').waitFor();
    const receipt = await page.context().newPage();
    await receipt.goto(`${signedIn.service.url}/pay/${payment.id}/receipt`);
    expect(await receipt.locator('dl.total').innerText()).toMatch(
      /Subtotal\s+12\.50 USDT\s+Tip\s+1\.88 USDT\s+Total\s+14\.38 USDT/,
    );
    await receipt.close();
  });

  it("shows the tip in the daily close, on the dashboard and on the payment's page", async () => {
    await page.getByRole('button', { name: 'Back to console' }).click();
    const [tipped] = await signedIn.service.server.services.payments.list({ status: 'paid', limit: 1 });
    await go(`payment/${tipped!.id}`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await pw(summary.getByTestId('tip-line')).toHaveText('Of which tip1.88 USDT');
    await shoot('payment-tip', summary);
    await go('close-day');
    const tips = page.getByTestId('close-day-report').locator('[data-figure="tips"]');
    await tips.waitFor();
    expect(await tips.innerText()).toMatch(/^of which tips\s+1\s+1\.88$/);
    await shoot('close-day-tips');
    await go('dashboard');
    const dashboardTips = page.locator('[data-figure="tips"]').first();
    await dashboardTips.waitFor();
    expect(await dashboardTips.innerText()).toBe('of which tips 1.88');
    await shoot('dashboard-tips');
  });

  it('a custom tip is typed on the keypad; "No tip" charges the sale as it is', async () => {
    await go('invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await till()
      .getByRole('button', { name: /^Custom/ })
      .click();
    await page.keyboard.type('0.5');
    await shoot('till-tip-custom');
    await page.keyboard.press('Enter');
    await till().locator('svg.qr').waitFor();
    expect(await newest()).toMatchObject({ amount: 4_500_000n, tip: 500_000n });
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel payment' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await till().getByRole('button', { name: 'No tip' }).click();
    await till().locator('svg.qr').waitFor();
    expect(await newest()).toMatchObject({ amount: 3_000_000n, tip: 0n });
  });

  it('asks before the tab closes while a New invoice payment can be paid', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Back to console' }).click();
    await go('invoice');
    await page.getByLabel('Amount (USDT)').fill('2.00');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByTestId('invoice-card').locator('svg.qr').waitFor();
    expect(await beforeUnloadAsked()).toBe('beforeunload');
  });
});
