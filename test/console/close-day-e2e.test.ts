import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublicRefund } from '../../contract/refunds';
import { eventually, includes } from '../e2e/e2e-helpers';
import { ManualClock } from '../helpers/test-app';
import { SCREENSHOTS, useSignedInConsole } from './console-harness';

/** The daily close in Chromium: the time zone set in Settings, a day of sales, the report read, paged, printed and exported. */
describe('Close day, in Chromium against the real service', () => {
  // Sunday 2026-03-29, 11:00 in Berlin: the day the clocks go forward, 23 hours long
  const clock = new ManualClock(Date.UTC(2026, 2, 29, 9, 0));
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
  const figure = (name: string) => signedIn.page.locator(`[data-figure="${name}"]`).innerText();

  async function aDayOfSales(): Promise<void> {
    const { server } = signedIn.service;
    const coffee = await sale('12.50', '12.50');
    await sale('4.00', '5.00');
    await sale('8.00', '3.00', 7 * 24 * 3600);
    await sale('7.00', null);
    clock.advance(31 * 60_000);
    await server.services.payments.expireDue();
    const { key: apiKey } = await server.services.apiKeys.create('refunds');
    const res = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${coffee}/refunds`,
      headers: { 'x-api-key': apiKey },
      payload: { amount: '2.50', reason: 'cold coffee' },
    });
    await server.simulator!.refund({ refundId: (res.json() as PublicRefund).id });
    const session = await server.services.sessions.createSession();
    await server.app.inject({
      method: 'PUT',
      url: '/console/api/settings/store',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'Coffee Corner', contact: '' },
    });
  }

  it("sets the store's time zone in Settings", async () => {
    const { page } = signedIn;
    await go('settings');
    const field = page.getByTestId('time-zone').getByLabel(/^Time zone/);
    await field.fill('Mars/Olympus');
    await page.getByTestId('time-zone').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByTestId('time-zone').getByRole('alert').textContent(), includes('IANA time zone'));
    await field.fill('Europe/Berlin');
    await page.getByTestId('time-zone').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('.toasts').textContent(), includes('midnight in Europe/Berlin'));
  });

  it("shows the day's figures, adding up to the net takings, and goes from the till to it", async () => {
    const { page } = signedIn;
    await aDayOfSales();
    await go('invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await page.getByTestId('till').getByRole('button', { name: 'Close day' }).click();
    const report = page.getByTestId('close-day-report');
    await eventually(() => report.textContent(), includes('Coffee Corner'));
    expect(await report.getByRole('heading').textContent()).toMatch(/29/);
    expect(await report.textContent()).toContain('a 23-hour day: the clocks changed');
    expect(await page.getByTestId('close-day-net').innerText()).toBe('18.00 USDT');
    expect(await figure('paid')).toMatch(/^Paid\s+1\s+12\.50$/);
    expect(await figure('overpaid')).toMatch(/^Overpaid\s+1\s+5\.00$/);
    expect(await figure('overpaid-extra')).toMatch(/1\.00$/);
    expect(await figure('partially-paid')).toMatch(/^Partially paid\s+1\s+3\.00$/);
    expect(await figure('taken-in')).toMatch(/^Taken in\s+3\s+20\.50$/);
    expect(await figure('refunded')).toMatch(/^Refunds sent\s+1\s+− 2\.50$/);
    expect(await figure('net')).toMatch(/^Net takings\s+18\.00$/);
    expect(await figure('expired')).toMatch(/^Expired unpaid\s+1\s+7\.00$/);
    // the Settings toast would cover the report
    for (const close of await page.locator('.toast-close').all()) await close.click();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width: 1360, height: 1000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'close-day.png') });
    await page.setViewportSize({ width: 1360, height: 860 });
  });

  it('pages to the day before, prints without the navigation, and exports CSV and JSON', async () => {
    const { page } = signedIn;
    await page.getByRole('button', { name: 'Previous day' }).click();
    await eventually(() => page.getByTestId('close-day-net').innerText(), includes('0.00 USDT'));
    expect(await page.getByLabel('Date').inputValue()).toBe('2026-03-28');
    await page.getByRole('button', { name: 'Next day' }).click();
    await eventually(() => page.getByTestId('close-day-net').innerText(), includes('18.00 USDT'));

    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => document.body.dataset.printed)).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(false);
    expect(await page.getByTestId('close-day-report').isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'close-day-print.png') });
    await page.emulateMedia({ media: 'screen' });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('tontill-close-day-2026-03-29.csv');
    const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('store,date,timeZone,figure,count,amount,currency');
    expect(lines).toContain('Coffee Corner,2026-03-29,Europe/Berlin,net_takings,,18.00,USDT');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('tontill-close-day-2026-03-29.json');
    expect(JSON.parse(readFileSync((await json.path())!, 'utf8'))).toMatchObject({
      date: '2026-03-29',
      netTakings: '18.00',
      hours: 23,
    });
  });

  it('ran without page errors or CSP reports', () => {
    expect(signedIn.ui.errors).toEqual([]);
  });
});
