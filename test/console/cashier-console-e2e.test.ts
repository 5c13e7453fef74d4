import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, includes, is, launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, SCREENSHOTS, startConsoleService, type ConsoleService } from './console-harness';

/**
 * A cashier's console in Chromium against the real service: signed in with the link the owner
 * made, they work the till and the payments, see none of the owner's screens or buttons, and the
 * console never asks the service for anything it refuses them.
 */
describe('a cashier signed in to the console (Chromium)', () => {
  let service: ConsoleService;
  let browser: Browser;
  let page: Page;
  let cashierId: string;
  const refused: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    browser = await launchChromium();
    const { cashier, loginToken } = await service.server.services.cashiers.create('Ana', null, 'owner');
    cashierId = cashier.id;
    page = await (await browser.newContext({ viewport: { width: 1360, height: 860 } })).newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('response', (res) => {
      if (res.status() === 403) refused.push(`${res.request().method()} ${res.url()}`);
    });
    await page.goto(`${service.url}/console/login?token=${loginToken}`);
    await page.waitForURL(/\/console\/(#.*)?$/);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const navLabels = () => page.getByRole('navigation', { name: 'Console' }).getByRole('link').allInnerTexts();

  it("shows only the cashier's sections and says who is signed in", async () => {
    await eventually(
      () =>
        page
          .getByTestId('signed-in-as')
          .innerText()
          .catch(() => ''),
      is('Signed in as Ana (cashier)'),
    );
    await eventually(navLabels, (labels) => labels.map((l) => l.trim()).join('|') === 'Dashboard|New invoice|Payments');
    await page.getByTestId('paid-today').waitFor();
    expect(await page.getByText('Chain watcher').count()).toBe(1);
  });

  it('charges on the till; the customer pays; the payment shows, without cancel or refund', async () => {
    await page.goto(`${service.url}/console/#/invoice`);
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    const till = page.getByTestId('till');
    await till.getByRole('group', { name: 'Keypad' }).waitFor();
    for (const key of ['4', 'Decimal separator', '5', '0'])
      await till.getByRole('button', { name: key, exact: true }).click();
    await page.keyboard.press('Enter');
    await till.locator('svg.qr').waitFor();
    const [invoice] = await service.server.services.payments.list({ limit: 1 });
    expect(invoice!.amount).toBe(4_500_000n);
    await service.server.simulator!.pay({ paymentId: invoice!.id });
    await eventually(
      () =>
        till
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      is('Paid — thank you!'),
    );
    await page.getByRole('button', { name: 'Back to console' }).click();

    await page.goto(`${service.url}/console/#/payments`);
    await eventually(() => page.getByTestId('payments-count').innerText(), includes('1 payment'));
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await page.goto(`${service.url}/console/#/payment/${invoice!.id}`);
    await eventually(() => page.getByTestId('payment-status').innerText(), includes('Paid'));
    expect(await page.getByRole('button', { name: /Cancel payment|Refund/ }).count()).toBe(0);
    await page.goto(`${service.url}/console/#/dashboard`);
    await eventually(() => page.getByTestId('paid-today').innerText(), includes('4.50'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'cashier-console.png') });
  });

  it("answers an owner's address typed by hand with a plain note, and has asked the service for nothing it refuses", async () => {
    await page.goto(`${service.url}/console/#/settings`);
    await eventually(() => page.getByTestId('owner-only').innerText(), includes('Only the owner can open this'));
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is signed out once the owner revokes the cashier', async () => {
    await service.server.services.cashiers.revoke(cashierId, 'owner');
    await page.goto(`${service.url}/console/#/payments`);
    await page.reload();
    await eventually(() => page.getByRole('heading', { level: 1 }).first().innerText(), is('You are signed out'));
  });

  it('the owner adds a cashier in Settings, gets their link, and reads it in the audit log', async () => {
    const owner = await (await browser.newContext({ viewport: { width: 1360, height: 1400 } })).newPage();
    await owner.goto(await service.loginUrl());
    await owner.waitForURL(/\/console\/(#.*)?$/);
    await owner.goto(`${service.url}/console/#/settings`);
    const section = owner.getByTestId('cashiers');
    await section.getByLabel('Cashier name').fill('Bo');
    await section.getByRole('button', { name: 'Add cashier' }).click();
    await eventually(() => section.getByTestId('cashier-link-url').innerText(), includes('/console/login?token='));
    await section.locator('[data-cashier="Bo"]').waitFor();
    await section.screenshot({ path: join(SCREENSHOTS, 'console-settings-cashiers.png') });
    await owner.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await eventually(() => owner.getByTestId('audit-log').innerText(), includes('cashier.create'));
    await owner.screenshot({ path: join(SCREENSHOTS, 'console-audit-log.png') });
    await owner.context().close();
  });
});
