// The refund panel of a fiat-priced payment in Chromium: the choice between the asset amount and a
// euro amount at the rate then or today's, with the USDT it comes to shown before sending, and the
// panel saying so when there is no rate for today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { eventually, includes } from '../e2e/e2e-helpers';
import {
  ensureBuilt,
  openConsole,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

const SHOTS = '/tmp/shots-refund-fiat-e2e';

describe('a refund stated in euros from the console', () => {
  let service: ConsoleService;
  let ui: ConsoleBrowser;
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    ui = await openConsole(service);
  }, 180_000);
  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
  });

  it('shows what 1.00 EUR at the rate then comes to, prepares it, and says when today has no rate', async () => {
    const { server } = service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'EUR',
      mainCurrency: 'TON',
      amount: '3.40',
    });
    await server.simulator!.pay({ paymentId: payment.id });
    const { page } = ui;
    await page.goto(`${service.url}/console/#/payment/${payment.id}`);
    const panel = page.getByTestId('refunds');
    // the theme as the console's switch sets it (html[data-theme]), for the screenshots only
    const setTheme = (scheme: 'light' | 'dark') =>
      page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, scheme);
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByLabel('EUR at the rate then (1 USDT = 0.92 EUR)').check();
    await panel.getByLabel('Amount (EUR)').fill('1,00');
    await eventually(
      () => panel.getByTestId('refund-comes-to').textContent(),
      includes('1.00 EUR at 1 USDT = 0.92 EUR comes to 1.086957 USDT'),
    );
    for (const [width, scheme] of [
      [1440, 'light'],
      [1440, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await setTheme(scheme);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/refund-fiat-${width}-${scheme}.png` });
    }
    await page.setViewportSize({ width: 1360, height: 860 });
    await setTheme('light');
    await panel.getByRole('button', { name: 'Prepare refund' }).click();
    await eventually(() => panel.getByTestId('refund-awaiting').textContent(), includes('1.086957 USDT'));
    const [refund] = await server.services.refunds.list(payment.id);
    expect(refund).toMatchObject({ amount: '1.086957', fiat: { amount: '1.00', currency: 'EUR', basis: 'original' } });

    // today's rate from a manual table that has no EUR: the panel says so before anything is sent
    await server.services.pricing.save(
      {
        ...DEFAULT_PRICING_SETTINGS,
        rateMode: 'manual',
        manualRates: [{ currency: 'GBP', asset: 'USDT', rate: '0.8' }],
      },
      'test',
    );
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByLabel("EUR at today's rate").check();
    await eventually(() => panel.getByTestId('refund-rate-problem').textContent(), includes('No rate for today'));
    // the one 503 is the rate asked for today, which the panel shows; nothing else went wrong
    expect(ui.errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
  });
});
