import type { Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { eventually } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';
import { shootConsole } from './console-shots';

const SHOTS = '/tmp/shots-close-fiat-e2e';

/**
 * A EUR store with a 1 % tolerance, paid on the emulated chain at the sandbox's fixed rates (1 USDT =
 * 0.92 EUR, 1 TON = 4.6 EUR): the Close day page states the prices in EUR and which asset paid them,
 * and the payment the tolerance let settle short with what it lacked; the dashboard's takings lead
 * with the EUR prices, what came in per asset below.
 */
describe('the close and the dashboard of a EUR store (Chromium)', () => {
  const signedIn = useSignedInConsole();
  const go = (page: Page, route: string) =>
    page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  const sale = async (amount: string, paid: string | null) => {
    const { services } = signedIn.service.server;
    const { payment } = await services.payments.create('invoice', { currency: 'EUR', mainCurrency: 'TON', amount });
    if (paid) await signedIn.service.server.simulator!.pay({ paymentId: payment.id, amount: paid });
    return payment.id;
  };

  it('shows the EUR prices and the accepted shortfall on the Close day page', async () => {
    const { page, service } = signedIn;
    const { pricing } = service.server.services;
    await pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'EUR', shortTolerancePercent: '1' }, 'test');
    await sale('3.40', '3.695653');
    // 1 % of 3.695653 USDT forgives 0.036956: paid at 3.66, 0.035653 short
    const short = await sale('3.40', '3.66');
    await eventually(
      async () => (await service.server.services.payments.get(short)).status,
      (s) => s === 'paid',
    );
    await go(page, 'close-day');
    const report = page.getByTestId('close-day-report');
    await pw(report.getByTestId('close-day-priced-EUR')).toHaveText('6.80 EUR');
    const priced = report.locator('[data-price-currency="EUR"]');
    await pw(priced.locator('[data-figure="priced-paid-in-USDT"]')).toHaveText(/Paid in USDT\s*2\s*6\.80/);
    await pw(priced.locator('[data-figure="priced"]')).toHaveText(/Priced in EUR\s*2\s*6\.80/);
    const usdt = report.locator('[data-asset="USDT"]');
    await pw(usdt.locator('[data-figure="settled-short"]')).toHaveText(/of which accepted short by\s*1\s*0\.035653/);
    await pw(usdt.locator('[data-figure="paid"]')).toHaveText(/Paid\s*2\s*7\.355653/);
    await shootConsole(page, SHOTS, 'close-day-eur', report);
  });

  it("leads the dashboard's takings with the EUR prices, what came in per asset below", async () => {
    const { page } = signedIn;
    // part paid: taken in as USDT, but no price counted until it completes
    await sale('10.00', '1.00');
    await go(page, 'dashboard');
    await pw(page.getByTestId('paid-today-price')).toHaveText('6.80 EUR');
    const card = page.getByRole('region', { name: 'Taken in today' });
    await pw(card).toContainText('Priced in EUR · 2 payments completed');
    await pw(page.getByTestId('paid-today')).toHaveText('8.355653 USDT');
    await shootConsole(page, SHOTS, 'dashboard-takings-eur', card);
    expect(signedIn.ui.errors).toEqual([]);
  });
});
