import { describe, expect, it } from 'vitest';
import { eventually, includes } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';
import { shootConsole } from './console-shots';

const SHOTS = '/tmp/shots-toncoin-console-e2e';

/**
 * The console in two assets, in Chromium against the real service on the sandbox chain (which takes
 * both): an invoice in Toncoin made on New invoice and paid in nanotons, beside a USDT sale; each shown
 * in its own asset in the payments table, on the payment's page, the dashboard and the close, never
 * added up.
 */
describe('the console in USDT and Toncoin, in Chromium', () => {
  // the real clock: the invoice card counts down by the browser's, so the service's must agree
  const signedIn = useSignedInConsole();
  const go = (route: string) =>
    signedIn.page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  let toncoinId = '';

  it('makes an invoice in Toncoin (Gram) on New invoice, its amount in TON, and follows it to paid', async () => {
    const { page } = signedIn;
    await go('invoice');
    const choice = page.getByTestId('invoice-asset');
    await eventually(() => choice.innerText(), includes('Toncoin (Gram)'));
    await choice.getByText('Toncoin (Gram)').click();
    await page.getByLabel('Amount (TON)').fill('1,5');
    await shootConsole(page, SHOTS, 'new-invoice-toncoin');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const amount = page.getByTestId('invoice-amount');
    await eventually(() => amount.innerText(), includes('TON'));
    expect(await amount.innerText()).toBe('1.50 TON');
    const link = await page.locator('.link-url').last().innerText();
    expect(link).toMatch(/^ton:\/\/transfer\/[\w-]+\?amount=1500000000&text=TT-/);
    const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
    toncoinId = payment!.id;
    expect(payment).toMatchObject({ currency: 'TON', amount: 1_500_000_000n });
    await shootConsole(page, SHOTS, 'invoice-toncoin');
    await signedIn.service.server.simulator!.pay({ paymentId: toncoinId });
    await eventually(() => page.getByTestId('invoice-outcome').innerText(), includes('Paid'));
  });

  it('lists each payment in its own asset, and filters by asset', async () => {
    const { page } = signedIn;
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '10.00',
      description: 'Lunch',
    });
    await server.simulator!.pay({ paymentId: payment.id });
    await go('payments');
    const amounts = page.locator('[data-testid="payment-row"] .c-amount');
    await eventually(
      () => amounts.allInnerTexts(),
      (texts) => texts.length === 2,
    );
    expect(await amounts.allInnerTexts()).toEqual(['10.00 USDT', '1.50 TON']);
    await shootConsole(page, SHOTS, 'payments-two-assets');
    await page.getByTestId('asset-filter').selectOption('TON');
    await eventually(
      () => amounts.allInnerTexts(),
      (texts) => texts.length === 1,
    );
    expect(await amounts.allInnerTexts()).toEqual(['1.50 TON']);
    await page.getByTestId('asset-filter').selectOption('');
  });

  it("shows a Toncoin payment's page in TON, saying the asset's name", async () => {
    const { page } = signedIn;
    await go(`payment/${toncoinId}`);
    await eventually(() => page.getByTestId('payment-asset').innerText(), includes('Toncoin (Gram)'));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('1.50 TON');
    expect(await page.getByTestId('transfers').innerText()).toContain('1.50 TON');
    await shootConsole(page, SHOTS, 'payment-toncoin');
  });

  it('closes the day with a line per asset and shows the dashboard per asset, never one sum', async () => {
    const { page } = signedIn;
    await go('close-day');
    await eventually(() => page.getByTestId('close-day-net-TON').innerText(), includes('TON'));
    expect(await page.getByTestId('close-day-net').innerText()).toBe('10.00 USDT');
    expect(await page.getByTestId('close-day-net-TON').innerText()).toBe('1.50 TON');
    const tonTakenIn = page.locator('[data-asset="TON"] [data-figure="taken-in"]');
    expect(await tonTakenIn.innerText()).toMatch(/^Taken in\s+1\s+1\.50$/);
    await shootConsole(page, SHOTS, 'close-day-two-assets', page.getByTestId('close-day-report'));

    await go('dashboard');
    await eventually(() => page.getByTestId('paid-today-TON').innerText(), includes('TON'));
    expect(await page.getByTestId('paid-today').innerText()).toBe('10.00 USDT');
    expect(await page.getByTestId('paid-today-TON').innerText()).toBe('1.50 TON');
    expect(await page.locator('.chart svg').count()).toBe(2);
    expect(await page.locator('[data-asset="TON"] .chart table').innerText()).toContain('1.50 TON');
    await shootConsole(page, SHOTS, 'dashboard-two-assets');
  });

  it('lets the owner choose the accepted assets in Settings, each with its name and decimals', async () => {
    const { page } = signedIn;
    await go('settings');
    const field = page.getByTestId('accepted-assets');
    await eventually(() => field.innerText(), includes('Toncoin (Gram)'));
    expect(await field.innerText()).toMatch(/Tether USD\s*6 decimals[\s\S]*Toncoin \(Gram\)\s*9 decimals/);
    expect(
      await field.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
    ).toEqual([true, true]);
    await field.getByText('Toncoin (Gram)').click();
    await page.getByRole('button', { name: 'Validate and save' }).click();
    await eventually(
      () => page.getByTestId('restart-notice').count(),
      (n) => n === 1,
    );
    await shootConsole(page, SHOTS, 'settings-accepted-assets', field);
    const view = (await (
      await signedIn.service.server.app.inject({
        method: 'GET',
        url: '/console/api/settings',
        headers: { authorization: `Bearer ${await signedIn.service.server.services.sessions.createSession()}` },
      })
    ).json()) as { saved: { payments: { acceptedAssets: string[] } } };
    expect(view.saved.payments.acceptedAssets).toEqual(['USDT']);
  });
});
