import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { openConsole, screenshot, startConsoleService, useSignedInConsole } from './console-harness';

/** A new store's dashboard says what is left before real money: wallet, webhook, a test payment. */
describe('the first-run checklist', () => {
  const signedIn = useSignedInConsole();

  const step = (id: string) => signedIn.page.getByTestId(`setup-${id}`);

  it('starts with three steps to do, each leading to its screen', async () => {
    const list = signedIn.page.getByTestId('first-run-checklist');
    await list.waitFor();
    expect(await list.textContent()).toContain('0 of 3 done');
    for (const id of ['wallet', 'webhook', 'payment']) expect(await step(id).getAttribute('data-done')).toBe('false');
    await screenshot(signedIn.page, 'dashboard-first-run');
    await step('webhook').getByRole('button', { name: 'Add a webhook' }).click();
    await signedIn.page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  });

  it('ticks each step off from what the store really has, and leaves once all are done', async () => {
    const { services, simulator } = signedIn.service.server;
    await services.webhooks.createEndpoint({ url: 'http://127.0.0.1:9/hook', events: ['payment.paid'] });
    const { payment } = await services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '1.00',
    });
    await simulator!.pay({ paymentId: payment.id });
    await signedIn.page.evaluate(() => {
      location.hash = '#/dashboard';
    });
    await expect.poll(() => step('webhook').getAttribute('data-done')).toBe('true');
    await expect.poll(() => step('payment').getAttribute('data-done')).toBe('true');
    expect(await step('wallet').getAttribute('data-done')).toBe('false');

    await signedIn.page.evaluate(() => {
      location.hash = '#/settings';
    });
    await signedIn.page
      .getByLabel(/Wallet address/)
      .fill(new Address(0, Buffer.alloc(32, 7)).toString({ testOnly: true }));
    await signedIn.page.getByRole('button', { name: 'Validate and save' }).click();
    await signedIn.page.getByTestId('restart-notice').waitFor();
    await signedIn.page.evaluate(() => {
      location.hash = '#/dashboard';
    });
    await signedIn.page.getByTestId('paid-today').waitFor();
    await signedIn.page.getByTestId('first-run-checklist').waitFor({ state: 'detached' });
  });

  it('can be hidden for good', async () => {
    const fresh = await startConsoleService();
    const other = await openConsole(fresh);
    try {
      await other.page.getByTestId('first-run-checklist').waitFor();
      await other.page.getByRole('button', { name: 'Hide checklist' }).click();
      await other.page.getByTestId('first-run-checklist').waitFor({ state: 'detached' });
      await other.page.reload();
      await other.page.getByTestId('paid-today').waitFor();
      expect(await other.page.getByTestId('first-run-checklist').count()).toBe(0);
    } finally {
      await other.browser.close();
      await fresh.close();
    }
  });
});
