import type { Browser, Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

/** The owner's screens: a link into one of these is a wall for a cashier. */
const OWNER_ONLY = /^#\/(close-day|unmatched|simulator|webhooks|widget|audit|settings)(\/|$)/;

/**
 * Where the console's links lead whom: a cashier is never offered a link into an owner's screen,
 * is told whom to ask when signed out, and the phone's menu button says what it is.
 */
describe("the console's links and menu, as a cashier and as the owner (Chromium)", () => {
  let service: ConsoleService;
  let browser: Browser;
  let paymentId: string;

  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    browser = await launchChromium();
    const { services, simulator } = service.server;
    const invoice = async (amount: string) =>
      (await services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount })).payment;
    // two transfers without a memo wait in the inbox; one invoice is paid, one still open
    for (const amount of ['3.00', '4.00'])
      await simulator!.pay({ paymentId: (await invoice(amount)).id, case: 'no-comment' });
    paymentId = (await invoice('5.00')).id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  async function cashierPage(name: string, viewport = { width: 1440, height: 900 }) {
    const { cashier, loginToken } = await service.server.services.cashiers.create(name, null, 'owner');
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto(`${service.url}/console/login?token=${loginToken}`);
    await page.waitForURL(/\/console\/(#.*)?$/);
    await pw(page.getByTestId('signed-in-as')).toHaveCount(1);
    return { page, cashierId: cashier.id };
  }
  const go = (page: Page, route: string) =>
    page.evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  const ownerLinks = async (page: Page) =>
    (await page.locator('a[href^="#/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).filter(
      (href) => OWNER_ONLY.test(href),
    );

  it("offers a cashier no link into an owner's screen: dashboard, payment, till", async () => {
    const { page } = await cashierPage('Ana');
    await pw(page.getByTestId('unmatched-count')).toHaveText('2');
    await pw(page.getByRole('link', { name: 'Review the inbox' })).toHaveCount(0);
    expect(await ownerLinks(page)).toEqual([]);

    await go(page, `payment/${paymentId}`);
    await pw(page.getByTestId('payment-status')).toBeVisible();
    await pw(page.getByRole('heading', { name: 'Webhook and callback deliveries' })).toBeVisible();
    await pw(page.getByRole('button', { name: 'Simulate a transfer' })).toHaveCount(0);
    expect(await ownerLinks(page)).toEqual([]);

    await go(page, 'invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await pw(page.getByTestId('till').getByRole('group', { name: 'Keypad' })).toBeVisible();
    await pw(page.getByRole('button', { name: 'Back to console' })).toBeVisible();
    await pw(page.getByRole('button', { name: 'Close day' })).toHaveCount(0);
    await page.context().close();
  });

  it('still offers the owner every one of those links', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(await service.loginUrl());
    await page.waitForURL(/\/console\/(#.*)?$/);
    await pw(page.getByRole('link', { name: 'Review the inbox' })).toBeVisible();
    await go(page, `payment/${paymentId}`);
    await pw(page.getByRole('button', { name: 'Simulate a transfer' })).toBeVisible();
    await go(page, 'invoice');
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await pw(page.getByRole('button', { name: 'Close day' })).toBeVisible();
    await page.context().close();
  });

  it('asks before cancelling a payment with two buttons that cannot be mistaken: keep it, or cancel it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(await service.loginUrl());
    await page.waitForURL(/\/console\/(#.*)?$/);
    await go(page, `payment/${paymentId}`);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await pw(dialog).toBeVisible();
    const buttons = await dialog.getByRole('button').allInnerTexts();
    expect(buttons.map((b) => b.trim())).toEqual(['Keep payment', 'Cancel payment']);
    // a destructive action: the way out holds the focus first
    await pw(dialog.getByRole('button', { name: 'Keep payment' })).toBeFocused();
    // "Keep payment", then the asking button again before the dialog's close event (a task later):
    // the answer was taken at once, so it asks again
    await page.evaluate(async () => {
      const button = (text: string, within: string) =>
        [...document.querySelectorAll<HTMLButtonElement>(within)].find((b) => b.textContent === text)!;
      button('Keep payment', 'dialog button').click();
      await Promise.resolve(); // React renders in a microtask; the close event is a task away
      button('Cancel payment', 'button[aria-haspopup]').click();
    });
    await pw(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep payment' }).click();
    await pw(dialog).toBeHidden();
    await pw(page.getByTestId('payment-status')).toContainText('Pending');
    await page.context().close();
  });

  it('tells a revoked cashier to ask the owner for a new link, not to run a command on the server', async () => {
    const { page, cashierId } = await cashierPage('Bo');
    await service.server.services.cashiers.revoke(cashierId, 'owner');
    await page.reload();
    const signedOut = page.getByRole('main');
    await pw(signedOut.getByRole('heading', { level: 1 })).toHaveText('You are signed out');
    await pw(signedOut).toContainText('Ask the owner for a new sign-in link');
    await pw(signedOut).not.toContainText('npm run console');
    await page.context().close();
  });

  it("names the phone's menu button for what it is, with the inbox's count spelled out", async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await page.goto(await service.loginUrl());
    await page.waitForURL(/\/console\/(#.*)?$/);
    await go(page, 'payments');
    await pw(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    const toggle = page.locator('.nav-toggle');
    await pw(toggle).toHaveAccessibleName('Menu, 2 transfers to review');
    await pw(toggle).toContainText('Menu');
    await pw(toggle).not.toContainText('Payments');
    await page.context().close();
  });

  it("shows a cashier's phone menu no count they cannot act on", async () => {
    const { page } = await cashierPage('Cy', { width: 390, height: 844 });
    await pw(page.locator('.nav-toggle')).toHaveAccessibleName('Menu');
    await page.context().close();
  });
});
