import { describe, expect, it } from 'vitest';
import { eventually, includes } from '../e2e/e2e-helpers';
import { ManualClock } from '../helpers/test-app';
import { useSignedInConsole } from './console-harness';

/**
 * Test payments (the widget preview's) are shown apart in the console: the payments list and the
 * dashboard leave them out until their switch is on, and a "Test" badge marks each one.
 */
describe('test payments shown apart, in Chromium', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12, 0));
  const signedIn = useSignedInConsole({ start: { clock } });
  let preview = '';

  const go = (route: string) =>
    signedIn.page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);

  it('stages one real sale and one paid preview payment', async () => {
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '10.00',
    });
    await server.simulator!.pay({ paymentId: payment.id });
    const res = await server.app.inject({
      method: 'POST',
      url: '/console/api/widget-preview/session',
      headers: { authorization: `Bearer ${await server.services.sessions.createSession()}`, origin: server.url },
      payload: { amount: '3.00' },
    });
    preview = (res.json() as { paymentId: string }).paymentId;
    await server.simulator!.pay({ paymentId: preview });
  });

  it('lists the test payment, badged "Test", only once "Show test payments" is on', async () => {
    const { page } = signedIn;
    await go('payments');
    await page.reload();
    const count = page.getByTestId('payments-count');
    await eventually(() => count.innerText(), includes('1 payment'));
    expect(await page.getByTestId('payment-row').innerText()).not.toContain('Test');
    await page.getByLabel(/Show test payments/).check();
    await eventually(() => count.innerText(), includes('2 payments'));
    const testRow = page.getByTestId('payment-row').filter({ hasText: preview });
    expect(await testRow.locator('.badge-test').innerText()).toBe('Test');
    expect(await page.locator('.badge-test').count()).toBe(1);
  });

  it('marks the test payment\'s page "Test payment"', async () => {
    const { page } = signedIn;
    await go(`payment/${preview}`);
    const status = page.getByTestId('payment-status');
    await eventually(() => status.innerText(), includes('Test payment'));
  });

  it('counts the test payment on the dashboard once "Include test payments" is on', async () => {
    const { page } = signedIn;
    await go('dashboard');
    const paid = page.getByTestId('count-paid');
    await eventually(() => paid.innerText(), includes('1'));
    expect(await paid.innerText()).toMatch(/^1\s+Paid$/);
    await page.getByLabel(/Include test payments/).check();
    await eventually(() => paid.innerText(), includes('2'));
    expect(await page.getByTestId('paid-today').innerText()).toContain('13.00');
  });

  it('ran without page errors or CSP reports', () => {
    expect(signedIn.ui.errors).toEqual([]);
  });
});
