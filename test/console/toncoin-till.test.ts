import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIPS_KEY } from '../../server/settings/tips';
import { eventually } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

const SHOTS = '/tmp/shots-toncoin-till';

/** A sale in Toncoin at the till: the asset chosen and remembered, the tip in TON, the customer's QR in nanotons. */
describe('the till in Toncoin, in Chromium against the real service', () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  const till = () => page.getByTestId('till');
  const newest = async () => (await signedIn.service.server.services.payments.list({ limit: 1 }))[0]!;

  beforeAll(async () => {
    page = signedIn.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { settings } = signedIn.service.server.services;
    await settings.set(TIPS_KEY, { enabled: true, presets: [10, 15, 20] });
    await settings.set('console.catalogue', { items: [{ id: 'item-1', name: 'Espresso', price: '2.50' }] });
  });

  async function shoot(name: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.emulateMedia({ colorScheme });
        await page.evaluate((theme) => {
          document.documentElement.dataset.theme = theme;
        }, colorScheme);
        await page.screenshot({ path: `${SHOTS}/${name}-${w}-${colorScheme}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await page.setViewportSize({ width: 1360, height: 860 });
  }

  async function openTill(): Promise<void> {
    await page.goto(`${signedIn.service.url}/console/#/invoice`);
    await page.reload();
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
  }

  it('rings up 1.5 TON with a 15 % tip of 0.23 TON, and the customer pays 1.73 TON', async () => {
    await openTill();
    await till().locator('label', { hasText: 'Toncoin (Gram)' }).click();
    expect(await till().getByTestId('till-display').textContent()).toBe('0 TON');
    // the catalogue is priced in USDT: a Toncoin sale is typed
    await till().getByTestId('till-catalogue-other-asset').waitFor();
    await page.keyboard.type('1.5');
    expect(await till().getByTestId('till-display').textContent()).toBe('1.5 TON');
    await shoot('toncoin-till-keypad');
    await page.keyboard.press('Enter');
    const step = till().getByTestId('till-tip');
    await step.waitFor();
    expect(await step.locator('.till-tip-subtotal').textContent()).toBe('Subtotal 1.50 TON');
    expect(await step.getByRole('button').allTextContents()).toEqual([
      '10 %0.15',
      '15 %0.23',
      '20 %0.30',
      'Customany amount',
      'No tip',
      'Back to the sale (Esc)',
    ]);
    await step.getByRole('button', { name: /^15 %/ }).click();
    await till().locator('svg.qr').waitFor();
    expect(await till().locator('.till-amount').textContent()).toBe('1.73 TON');
    expect(await till().getByTestId('till-tip-line').textContent()).toBe('Tip0.23');
    const payment = await newest();
    expect(payment).toMatchObject({ currency: 'TON', amount: 1_730_000_000n, tip: 230_000_000n });
    await till().getByRole('img', { name: 'QR code to pay 1.73 TON' }).waitFor();
    await shoot('toncoin-till-payment');

    await signedIn.service.server.simulator!.pay({ paymentId: payment.id });
    await till().getByTestId('till-ended').waitFor();
    await eventually(
      async () => (await signedIn.service.server.services.payments.find(payment.id))!.status,
      (status) => status === 'paid',
    );
  });

  it('remembers Toncoin for the next sale, even after a reload, and goes back to USDT with its catalogue', async () => {
    await openTill();
    expect(await till().getByRole('radio', { name: 'Toncoin (Gram)' }).isChecked()).toBe(true);
    await till().locator('label', { hasText: 'Tether USD' }).click();
    await till()
      .getByRole('button', { name: /^Add Espresso/ })
      .click();
    expect(await till().getByTestId('till-display').textContent()).toBe('2.50 USDT');
  });
});
