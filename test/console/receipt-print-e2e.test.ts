import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/e2e-helpers';
import { screenshot, useSignedInConsole } from './console-harness';

declare global {
  interface Window {
    /** the pages the stubbed print() was called in */
    printed?: string[];
  }
}

/**
 * The browser console prints a receipt through the browser's print dialog: the receipt page in a
 * hidden frame of the console's origin. print() is stubbed in every frame (a headless browser has
 * no dialog) to record which page asked for it.
 */
describe('printing a receipt from the browser console', () => {
  const signedIn = useSignedInConsole();
  beforeAll(async () => {
    await signedIn.ui.context.addInitScript(() => {
      window.print = () => {
        window.top!.printed = [...(window.top!.printed ?? []), location.href];
        dispatchEvent(new Event('afterprint'));
      };
    });
  });

  const printedPages = () => signedIn.page.evaluate(() => window.printed ?? []);

  it('from the payment detail: the 80 mm receipt, printed from a hidden frame that then goes away', async () => {
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '4.20',
    });
    const { page } = signedIn;
    await page.goto(`${signedIn.service.url}/console/#/payment/${payment.id}`);
    await page.getByTestId('payment-status').waitFor();
    expect(await page.getByRole('button', { name: 'Print receipt' }).count()).toBe(0);
    await server.simulator!.pay({ paymentId: payment.id });
    const button = page.getByRole('button', { name: 'Print receipt' });
    await button.waitFor();
    await button.click();
    await eventually(printedPages, (pages) => pages.length === 1);
    expect(await printedPages()).toEqual([`${signedIn.service.url}/pay/${payment.id}/receipt?paper=80mm`]);
    await eventually(
      () => page.locator('iframe.print-frame').count(),
      (n) => n === 0,
    );
    expect(signedIn.ui.errors).toEqual([]);
  });

  it("from the till's paid screen", async () => {
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '2.50',
      description: '1 × Tea',
    });
    const { page } = signedIn;
    await page.evaluate(() => {
      window.printed = [];
    });
    await page.goto(`${signedIn.service.url}/console/#/payment/${payment.id}`);
    await page.getByRole('button', { name: 'Till mode' }).click();
    await page.getByTestId('till').waitFor();
    await server.simulator!.pay({ paymentId: payment.id });
    const button = page.getByTestId('till-ended').getByRole('button', { name: 'Print receipt' });
    await button.waitFor();
    // the till fades to green: a screenshot of the finished screen, not of the fade
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await screenshot(page, 'till-paid-receipt');
    await button.click();
    await eventually(printedPages, (pages) => pages.length === 1);
    expect(await printedPages()).toEqual([`${signedIn.service.url}/pay/${payment.id}/receipt?paper=80mm`]);
    expect(signedIn.ui.errors).toEqual([]);
  });
});
