import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatAmount } from '../../contract/amount';
import { parseConfig } from '../../server/config/config';
import { startServer } from '../../server/index';
import { machineTimeZone } from '../../server/settings/time-zone';
import { eventually, includes, ShiftedClock } from '../e2e/e2e-helpers';
import { tempDir } from '../helpers/test-app';
import { ensureBuilt, openConsole, type ConsoleBrowser, type ConsoleService } from './console-harness';

const SHOTS = '/tmp/till-shots';
let service: ConsoleService;
let ui: ConsoleBrowser;
let page: Page;
const clock = new ShiftedClock();

const go = (route: string) =>
  page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
const till = () => page.getByTestId('till');
const newest = async () => (await service.server.services.payments.list({ limit: 1 }))[0]!;

/** Moves the service's clock past every open invoice's expiry, runs the expiry sweep, and comes back. */
async function expireOpenInvoices(): Promise<void> {
  clock.offsetMs = 8 * 24 * 3600_000;
  await service.server.services.payments.expireDue();
  clock.offsetMs = 0;
}

/** Creates an invoice on the New invoice page and shows it on the till. */
async function invoiceOnTill(amount: string): Promise<string> {
  await go('invoice');
  await page.getByLabel('Amount (USDT)').fill(amount);
  await page.getByRole('button', { name: 'Create invoice' }).click();
  await page.getByTestId('invoice-card').waitFor();
  await page.getByRole('button', { name: /till mode/ }).click();
  await till().locator('svg.qr').waitFor();
  return (await newest()).id;
}

/** Nothing on the page a customer could pay with: no QR, no address, no wallet link. */
async function expectNothingPayable(address: string): Promise<void> {
  expect(await page.locator('svg.qr').count()).toBe(0);
  expect(await page.locator('body').textContent()).not.toContain(address);
  expect(await page.locator('body').textContent()).not.toMatch(/ton:\/\/transfer|tonkeeper|Scan to pay/i);
}

async function backToConsoleCard(): Promise<void> {
  await page.getByRole('button', { name: 'Back to console' }).click();
  await page.getByTestId('invoice-card').waitFor();
}

async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await page.screenshot({ path: `${SHOTS}/${name}-${w}-${theme}.png` });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize({ width: 1360, height: 860 });
}

describe('the till as a cashier works it, in Chromium against the real service', () => {
  beforeAll(async () => {
    await ensureBuilt();
    const dir = tempDir('tontill-till-');
    const server = await startServer(parseConfig({ dataDir: dir.path, port: 0, rateLimit: { enabled: false } }), {
      clock,
    });
    service = {
      server,
      url: server.url,
      dataDir: dir.path,
      loginUrl: async () => `${server.url}/console/login?token=${await server.services.sessions.createLoginToken()}`,
      async close() {
        await server.close();
        dir.remove();
      },
    };
    ui = await openConsole(service);
    page = ui.page;
    // the till fades between states; screenshots should show the state, not the fade
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // leaving a payable till asks first; a fresh start between tests leaves
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  }, 120_000);

  // Each test starts from a fresh console, so one that fails midway (on a till, at phone width) does not fail the rest.
  beforeEach(async () => {
    await page.setViewportSize({ width: 1360, height: 860 });
    await page.goto(`${service.url}/console/`);
    await page.getByRole('navigation').first().waitFor();
  });

  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
  });

  it('an expired invoice shows when it expired and that nothing was received, with no QR, address or link', async () => {
    await invoiceOnTill('3.00');
    const { address } = await newest();
    await expireOpenInvoices();
    await eventually(
      () =>
        till()
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      // in the store's zone, saying which, as every other time the console shows
      (t) =>
        !!t &&
        new RegExp(
          `^Expired at \\d\\d:\\d\\d:\\d\\d ${machineTimeZone().replace(/[+.]/g, '\\$&')} — nothing was received$`,
        ).test(t),
    );
    await expectNothingPayable(address);
    await shoot('expired');
    await backToConsoleCard();
    await eventually(() => page.getByTestId('invoice-outcome').textContent(), includes('nothing was received'));
    await expectNothingPayable(address);
    await shoot('expired-card');
    expect(await page.getByRole('button', { name: /till mode/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Create invoice' }).waitFor();
  });

  it('a cancelled invoice says so on the till and the card, and leads to a new sale', async () => {
    const id = await invoiceOnTill('5.00');
    const { address } = await newest();
    await service.server.services.payments.cancel(id);
    await eventually(
      () =>
        till()
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      (t) => t === 'Cancelled',
    );
    await expectNothingPayable(address);
    await backToConsoleCard();
    await eventually(
      () => page.getByTestId('invoice-outcome').textContent(),
      (t) => t === 'Cancelled',
    );
    await expectNothingPayable(address);
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('a part-paid invoice shows received and to go as large as the amount; once expired, what to do about it', async () => {
    const id = await invoiceOnTill('12.50');
    const { address } = await newest();
    await service.server.simulator!.pay({ paymentId: id, amount: '4.00' });
    await till().getByTestId('till-partial').waitFor();
    expect(await till().getByTestId('till-partial').textContent()).toBe('4.00 received — 8.50 to go');
    const [partial, amountSize] = await till()
      .getByTestId('till-partial')
      .evaluate((el) => [getComputedStyle(el).fontSize, el.className]);
    expect(amountSize).toContain('till-amount');
    expect(parseFloat(partial!)).toBeGreaterThanOrEqual(34);
    await shoot('partial');
    await expireOpenInvoices();
    await eventually(
      () =>
        till()
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      (t) => t === 'Expired after 4.00 of 12.50 USDT was received: refund or settle',
    );
    await expectNothingPayable(address);
    await backToConsoleCard();
    await eventually(
      () => page.getByTestId('invoice-outcome').textContent(),
      includes('Expired after 4.00 of 12.50 USDT was received: refund or settle'),
    );
    await expectNothingPayable(address);
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('a cashier types 12,50 on the keypad, charges it, the customer pays, New sale brings back an empty keypad', async () => {
    await go('invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    for (const key of ['1', '2', 'Decimal separator', '5', '0'])
      await till().getByRole('button', { name: key, exact: true }).click();
    await eventually(
      () => till().getByTestId('till-display').textContent(),
      (t) => !!t && /^12[.,]50 USDT$/.test(t),
    );
    // the keyboard too: a comma, a point, backspace
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(',50');
    await eventually(
      () => till().getByTestId('till-display').textContent(),
      (t) => t === '12,50 USDT',
    );
    await shoot('keypad');
    await page.keyboard.press('Enter');
    await till().locator('svg.qr').waitFor();
    const invoice = await newest();
    expect([formatAmount(invoice.amount, 'USDT'), invoice.status]).toEqual(['12.50', 'pending']);
    expect(await till().locator('.till-amount').textContent()).toBe('12.50 USDT');
    const countdown = await till().getByTestId('till-countdown').textContent();
    expect(countdown).toMatch(/^Expires in (\d+:)?[0-5]\d:[0-5]\d/);
    expect(await till().getByRole('timer').textContent()).toMatch(/minutes left to pay/);
    await shoot('payable');
    await service.server.simulator!.pay({ paymentId: invoice.id });
    await eventually(
      () =>
        till()
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      (t) => t === 'Paid — thank you!',
    );
    await expectNothingPayable(invoice.address);
    await shoot('paid');
    await till()
      .getByRole('button', { name: /New sale/ })
      .click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    expect(await till().getByTestId('till-display').textContent()).toBe('0 USDT');
  });

  it('Escape goes back one step: from the payment screen to the keypad, from the keypad to the console', async () => {
    await go('invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await till().locator('svg.qr').waitFor();
    await page.keyboard.press('Escape');
    // an open payment asks first (test/console/till-customer-e2e.test.ts); kept open, it is cancelled below
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep it open' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    expect(await till().getByTestId('till-display').textContent()).toBe('0 USDT');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await service.server.services.payments.cancel((await newest()).id);
  });

  it('builds a cart from the catalogue kept in settings; the total is exact and the invoice lists the items', async () => {
    await go('settings');
    const form = page.getByTestId('catalogue-settings');
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByLabel('Item 1 name').fill('Espresso');
    await form.getByLabel('Item 1 price (USDT)').fill('0,10');
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByLabel('Item 2 name').fill('Croissant');
    await form.getByLabel('Item 2 price (USDT)').fill('3.125');
    await form.getByRole('button', { name: 'Save catalogue' }).click();
    await page.getByText('Catalogue saved').waitFor();
    expect((await service.server.services.settings.get<{ items: unknown[] }>('console.catalogue'))?.items).toEqual([
      { id: 'item-1', name: 'Espresso', price: '0.10' },
      { id: 'item-2', name: 'Croissant', price: '3.125' },
    ]);
    await go('invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    const espresso = till().getByRole('button', { name: /^Add Espresso/ });
    await espresso.waitFor();
    for (let i = 0; i < 3; i++) await espresso.click();
    await till()
      .getByRole('button', { name: /^Add Croissant/ })
      .click();
    // 0.1 * 3 + 3.125 is 3.4250000000000003 in floats
    await eventually(
      () => till().getByTestId('till-display').textContent(),
      (t) => t === '3.425 USDT',
    );
    expect(await till().getByText('Cart · 4 items').count()).toBe(1);
    await till().getByRole('button', { name: 'One Espresso less' }).click();
    await eventually(
      () => till().getByTestId('till-display').textContent(),
      (t) => t === '3.325 USDT',
    );
    await shoot('cart');
    await till()
      .getByRole('button', { name: /^Charge/ })
      .click();
    await till().locator('svg.qr').waitFor();
    const charged = await newest();
    expect([formatAmount(charged.amount, 'USDT'), charged.description]).toEqual([
      '3.325',
      '2 × Espresso, 1 × Croissant',
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep it open' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
    expect(await till().getByTestId('till-display').textContent()).toBe('0 USDT');
    await service.server.services.payments.cancel((await newest()).id);
  });

  it('ran without page errors or CSP reports', () => {
    expect(ui.errors).toEqual([]);
  });
});
