import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../contract/amount';
import { eventually } from '../e2e/e2e-helpers';
import { screenshot, useSignedInConsole } from './console-harness';

/**
 * The till as the customer and the cashier see it once a sale is charged: the store, the cart's
 * lines, the sandbox mark, cancelling the sale, leaving a pending payment, typing an amount into a
 * cart, and the part-payment screen on a laptop and a phone.
 */
describe("the till's customer screen and leaving it, in Chromium against the real service", () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  const till = () => page.getByTestId('till');
  const newest = async () => (await signedIn.service.server.services.payments.list({ limit: 1 }))[0]!;
  const statusOf = async (id: string) => (await signedIn.service.server.services.payments.find(id))!.status;
  const display = () => till().getByTestId('till-display').textContent();

  beforeAll(async () => {
    page = signedIn.page;
    const { settings } = signedIn.service.server.services;
    await settings.set('storeProfile', { name: 'Corner Café', contact: '' });
    await settings.set('console.catalogue', {
      items: [
        { id: 'item-1', name: 'Espresso', price: '0.10' },
        { id: 'item-2', name: 'Croissant', price: '3.125' },
      ],
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  async function openKeypad(): Promise<void> {
    // a till already on its keypad (the last test ended there) stays; a page load starts at the console
    if ((await till().getByRole('group', { name: 'Keypad' }).count()) === 1) return;
    await page.goto(`${signedIn.service.url}/console/#/invoice`);
    await page.reload();
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
  }

  async function chargeKeyed(amount: string): Promise<string> {
    await openKeypad();
    await page.keyboard.type(amount);
    await page.keyboard.press('Enter');
    await till().locator('svg.qr').waitFor();
    return (await newest()).id;
  }

  it('shows the store, the lines with quantities and totals, the sandbox mark, and cancels the sale once confirmed', async () => {
    await openKeypad();
    const espresso = till().getByRole('button', { name: /^Add Espresso/ });
    await espresso.click();
    await espresso.click();
    await till()
      .getByRole('button', { name: /^Add Croissant/ })
      .click();
    await till()
      .getByRole('button', { name: /^Charge/ })
      .click();
    await till().locator('svg.qr').waitFor();
    const { id } = await newest();
    await till().getByTestId('till-store').waitFor();
    expect(await till().getByTestId('till-store').textContent()).toBe('Corner Café');
    const lines = await till().getByTestId('till-lines').locator('li').allTextContents();
    expect(lines).toEqual(['2 × Espresso0.20', '1 × Croissant3.125']);
    expect(await till().getByTestId('till-lines-total').textContent()).toBe('Total3.325 USDT');
    await till().getByTestId('till-sandbox').waitFor();

    await till().getByRole('button', { name: 'Cancel sale' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await statusOf(id)).toBe('pending');
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    await eventually(
      () => statusOf(id),
      (s) => s === 'cancelled',
    );
  });

  it('Esc on a pending payment asks first: Stay stays, "Keep it open" leaves it open, "Cancel payment" cancels it', async () => {
    const kept = await chargeKeyed('7');
    await page.keyboard.press('Escape');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await screenshot(page, 'till-leave-question');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await till().locator('svg.qr').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    // Stay, then Esc before the dialog's close event (a task later): the answer was taken at once,
    // so the Esc asks again instead of being swallowed
    await dialog.evaluate(async (d) => {
      d.querySelector<HTMLButtonElement>('button')!.click();
      await Promise.resolve(); // React renders in a microtask; the close event is a task away
      dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    await eventually(
      () => dialog.isVisible(),
      (visible) => visible,
    );
    await dialog.getByRole('button', { name: 'Keep it open' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    expect(await statusOf(kept)).toBe('pending');
    await signedIn.service.server.services.payments.cancel(kept);

    const cancelled = await chargeKeyed('8');
    // the bar's buttons ask the same
    await till().getByRole('button', { name: 'Back to console' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await eventually(
      () => statusOf(cancelled),
      (s) => s === 'cancelled',
    );
  });

  it('a part-paid payment is never cancelled silently: leaving says what arrived before anything is cancelled', async () => {
    const id = await chargeKeyed('12.50');
    await signedIn.service.server.simulator!.pay({ paymentId: id, amount: '4.00' });
    await till().getByTestId('till-partial').waitFor();
    await page.keyboard.press('Escape');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('4.00 of 12.50 USDT already arrived');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf(id)).toBe('partially_paid');
    await till().getByTestId('till-partial').waitFor();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`the part-payment screen fits ${width}x${height} with its status in view`, async () => {
      await page.setViewportSize({ width, height });
      const status = till().getByTestId('till-status');
      await status.waitFor();
      const box = (await status.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      const headline = (await till().getByTestId('till-partial').boundingBox())!;
      expect(headline.x + headline.width).toBeLessThanOrEqual(width);
    });
  }

  it('in cart mode the keypad types an amount that becomes a line of the cart, exact', async () => {
    await page.setViewportSize({ width: 1360, height: 860 });
    // the part-paid payment stays open: no Cancel payment is offered for it
    await page.keyboard.press('Escape');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Keep it open' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel payment' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep it open' }).click();
    await openKeypad();
    await till()
      .getByRole('button', { name: /^Add Espresso/ })
      .click();
    await page.keyboard.type('12,50');
    await eventually(
      () => till().getByTestId('till-typed').textContent(),
      (t) => t === '12,50',
    );
    await till().getByRole('button', { name: 'Add amount to cart' }).click();
    await eventually(display, (t) => t === '12.60 USDT');
    expect(await till().getByText('Cart · 2 items').count()).toBe(1);
    await page.keyboard.press('Enter');
    await till().locator('svg.qr').waitFor();
    const charged = await newest();
    expect([formatAmount(charged.amount, 'USDT'), charged.description]).toEqual([
      '12.60',
      '1 × Espresso, 1 × Amount 12.50',
    ]);
    expect(signedIn.ui.errors).toEqual([]);
  });
});
