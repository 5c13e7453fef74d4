import { describe, expect, it } from 'vitest';
import { useSignedInConsole } from '../console/console-harness';
import { shootConsole } from '../console/console-shots';

const SHOTS = '/tmp/shots-toncoin-simulator-page';

/** The console's sandbox simulator on a Toncoin payment, in Chromium against the real service. */
describe('the simulator page offers a Toncoin payment its own cases', () => {
  const c = useSignedInConsole();

  it('shows the payment in TON, offers Bounced instead of the jetton cases, and overpays by one whole TON', async () => {
    const { payment } = await c.service.server.services.payments.create('invoice', {
      currency: 'TON',
      mainCurrency: 'TON',
      amount: '1.25',
    });
    const { page } = c;
    await page.evaluate(() => (location.hash = '#/simulator'));
    const select = page.getByLabel('Payment', { exact: true });
    await select.selectOption(payment.id);
    expect(await select.locator(`option[value="${payment.id}"]`).textContent()).toContain('1.25 TON');
    const cases = page.locator('.case-grid button strong');
    expect(await cases.allTextContents()).toEqual(['Exact', 'Partial', 'Over', 'No comment', 'Bounced']);
    await shootConsole(page, SHOTS, 'simulator-toncoin', page.locator('.case-grid'));

    await page.getByRole('button', { name: /^Over/ }).click();
    await page.locator('.sim-log li, .toast-error').first().waitFor();
    expect(await page.locator('.toast-error').allTextContents()).toEqual([]);
    expect(await page.locator('.sim-log li').first().textContent()).toContain('2.25 / 1.25 TON');
    const paid = await c.service.server.services.payments.view(payment.id);
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '2.25', overpaidAmount: '1.00' });
    await shootConsole(page, SHOTS, 'simulator-toncoin-paid', page.locator('.sim-log'));
  });
});
