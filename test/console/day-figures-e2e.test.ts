import { describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import { eventually, includes, launchChromium } from '../e2e/e2e-helpers';
import { ManualClock } from '../helpers/test-app';
import { useSignedInConsole } from './console-harness';

/**
 * One definition of what a day took: the dashboard and the daily close show the same figures, in the
 * same words, and the close keeps its figures in sight on a phone.
 */
describe("a day's figures on the dashboard and the close, in Chromium", () => {
  // noon UTC: the same day wherever the console or the store's zone put midnight, within 12 hours
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12, 0));
  const signedIn = useSignedInConsole({ start: { clock } });

  const go = (route: string) =>
    signedIn.page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  const sale = async (amount: string, paid: string | null, expiresInSeconds?: number) => {
    const { server } = signedIn.service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...(expiresInSeconds ? { expiresInSeconds } : {}),
    });
    if (paid) await server.simulator!.pay({ paymentId: payment.id, amount: paid });
    return payment.id;
  };

  /** Exact, overpaid, partly paid and refunded: 20.50 taken in by 3 payments, 2.50 back, 18.00 net. */
  async function aDayOfSales(): Promise<void> {
    const { server } = signedIn.service;
    const coffee = await sale('12.50', '12.50');
    await sale('4.00', '5.00');
    await sale('8.00', '3.00', 7 * 24 * 3600);
    const { key: apiKey } = await server.services.apiKeys.create('refunds');
    const res = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${coffee}/refunds`,
      headers: { 'x-api-key': apiKey },
      payload: { amount: '2.50' },
    });
    await server.simulator!.refund({ refundId: (res.json() as PublicRefund).id });
  }

  it('shows on the dashboard what the close says the day took in, and its net takings', async () => {
    const { page } = signedIn;
    await aDayOfSales();
    await go('close-day');
    const report = page.getByTestId('close-day-report');
    await eventually(() => report.textContent(), includes('Taken in'));
    const takenIn = await page.locator('[data-figure="taken-in"]').innerText();
    expect(takenIn).toMatch(/^Taken in\s+3\s+20\.50$/);
    expect(await page.getByTestId('close-day-net').innerText()).toBe('18.00 USDT');

    await go('dashboard');
    const today = page.locator('.kpi').first();
    await eventually(() => today.textContent(), includes('USDT'));
    expect(await today.getByRole('heading').innerText()).toBe('Taken in today');
    expect(await today.locator('.kpi-value').innerText()).toBe('20.50 USDT');
    expect(await today.innerText()).toContain('3 payments');
    expect(await today.innerText()).toMatch(/Net takings\s+18\.00/);
  });

  it('keeps the close within a 390 px phone, its figures in sight, with an overpaid payment in the day', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(await signedIn.service.loginUrl());
      await page.waitForURL(/\/console\//);
      await page.evaluate(() => {
        location.hash = '#/close-day';
      });
      const extra = page.locator('[data-figure="overpaid-extra"]');
      await extra.waitFor();
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
      );
      expect(wider).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const name of ['paid', 'overpaid', 'overpaid-extra', 'taken-in', 'refunded', 'net']) {
        const amount = page.locator(`[data-figure="${name}"] .num`).last();
        const box = (await amount.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(390);
        expect(await amount.innerText(), name).toMatch(/\d+\.\d{2}$/);
      }
    } finally {
      await browser.close();
    }
  });

  it('leaves a widget preview payment out of the close until "Include test payments" is on', async () => {
    const { page, service } = signedIn;
    const session = await service.server.services.sessions.createSession();
    const preview = await service.server.app.inject({
      method: 'POST',
      url: '/console/api/widget-preview/session',
      headers: { authorization: `Bearer ${session}`, origin: service.server.url },
      payload: { amount: '1.50' },
    });
    await service.server.simulator!.pay({ paymentId: (preview.json() as { paymentId: string }).paymentId });
    await go('close-day');
    await page.reload();
    const takenIn = page.locator('[data-figure="taken-in"]');
    await eventually(() => takenIn.innerText(), includes('20.50'));
    await page.getByLabel(/Include test payments/).check();
    await eventually(() => takenIn.innerText(), includes('22.00'));
    expect(await takenIn.innerText()).toMatch(/^Taken in\s+4\s+22\.00$/);
    expect(await page.getByTestId('close-day-report').textContent()).toContain('test payments included');
  });

  it('ran without page errors or CSP reports', () => {
    expect(signedIn.ui.errors).toEqual([]);
  });
});
