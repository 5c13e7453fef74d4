import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { eventually, includes } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

/** The text of what `locator` finds now, '' when nothing: a poll must not wait on a missing element. */
const textOf = async (locator: Locator) => (await locator.allTextContents()).join('');

/**
 * Refunds at the counter, in Chromium against the real service on the sandbox chain: a waiting refund
 * names its id and can be sent from the sandbox wallet, and its changes reach an open payment live.
 */
describe('refunds at the counter', () => {
  const signedIn = useSignedInConsole();

  /** A payment of 5.00 paid 7.25 on the sandbox chain: 2.25 overpaid, to refund. */
  async function overpaidPayment() {
    const { services, simulator } = signedIn.service.server;
    const { payment } = await services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '5.00',
    });
    await simulator!.pay({ paymentId: payment.id, amount: '7.25' });
    return payment;
  }

  const openPayment = async (page: Page, paymentId: string) => {
    await page.goto(`${signedIn.service.url}/console/#/payment/${paymentId}`);
    await page.getByTestId('refunds').waitFor();
  };

  it('shows a waiting refund its id, and sends it from the sandbox wallet from the payment page', async () => {
    const { page } = signedIn;
    const payment = await overpaidPayment();
    await openPayment(page, payment.id);
    const panel = page.getByTestId('refunds');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByRole('button', { name: 'Prepare refund' }).click();
    const awaiting = panel.getByTestId('refund-awaiting');
    await awaiting.waitFor();
    const [refund] = await signedIn.service.server.services.refunds.list(payment.id);
    // the id `npm run simulate -- refund <id>` takes, with a button that copies it
    await eventually(() => textOf(awaiting.getByTestId('refund-id')), includes(refund!.id));
    await awaiting.getByRole('button', { name: 'Copy refund id' }).waitFor();

    await awaiting.getByRole('button', { name: 'Send from the sandbox wallet' }).click();
    await eventually(() => textOf(panel.getByTestId('refund-row').first()), includes('Sent'));
    expect((await signedIn.service.server.services.refunds.view(refund!.id)).status).toBe('sent');
    expect(await awaiting.count()).toBe(0);
    expect(signedIn.ui.errors).toEqual([]);
  });

  it('sends a waiting refund from the Simulator page', async () => {
    const { page } = signedIn;
    const payment = await overpaidPayment();
    const refund = await signedIn.service.server.services.refunds.create(payment.id, { amount: '1.00' }, 'owner');
    await page.goto(`${signedIn.service.url}/console/#/simulator`);
    const section = page.getByRole('region', { name: "Send a refund from the store's wallet" });
    await section.getByLabel('Refund id').fill(refund.id);
    await section.getByRole('button', { name: 'Send from the sandbox wallet' }).click();
    await eventually(() => textOf(page.getByTestId('refund-simulations')), includes(`refund ${refund.id} → Sent`));
    expect((await signedIn.service.server.services.refunds.view(refund.id)).status).toBe('sent');
    expect(signedIn.ui.errors).toEqual([]);
  });

  it('turns a refund Sent on the open payment through the live stream, with no reload and no poll', async () => {
    const { page } = signedIn;
    const { services, simulator } = signedIn.service.server;
    const payment = await overpaidPayment();
    const refund = await services.refunds.create(payment.id, { amount: '2.25' }, 'owner');
    await openPayment(page, payment.id);
    const row = page.getByTestId('refunds').getByTestId('refund-row').first();
    await eventually(() => textOf(row), includes('Waiting for your wallet'));
    await page.evaluate(() => {
      (window as unknown as { liveMark: string }).liveMark = 'kept';
    });
    // From here the payment's record and its refunds cannot be fetched again (their requests are
    // held, never answered): only the live stream can bring the change.
    const held = `${signedIn.service.url}/console/api/payments/${payment.id}`;
    await page.route(
      (url) => url.href === held || url.href.startsWith(`${held}/refunds`),
      () => {},
    );

    await simulator!.refund({ refundId: refund.id });

    await eventually(() => textOf(row), includes('Sent'));
    await eventually(() => textOf(page.getByTestId('refunds')), includes('Refunded 2.25 of 7.25 USDT paid'));
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('kept');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('fits the payment page with transfers and refunds to a 390 px phone: no table scrolls sideways', async () => {
    const { services, simulator } = signedIn.service.server;
    const payment = await overpaidPayment();
    const sent = await services.refunds.create(payment.id, { amount: '1.25' }, 'owner');
    await simulator!.refund({ refundId: sent.id });
    await services.refunds.create(payment.id, { amount: '1.00', reason: 'a returned item' }, 'owner');
    const context = await signedIn.ui.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(await signedIn.service.loginUrl());
      await page.waitForURL(/\/console\//);
      await openPayment(page, payment.id);
      await eventually(
        () => page.getByTestId('refund-row').count(),
        (n) => n === 2,
      );
      await page.getByTestId('transfers').waitFor();
      const tooWide = await page.evaluate(() =>
        [...document.querySelectorAll('#main *')]
          .filter((el) => {
            // past the screen's edge, or a box that scrolls sideways within it
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
            return (
              el.getBoundingClientRect().right > innerWidth + 0.5 || (scrolls && el.scrollWidth > el.clientWidth + 1)
            );
          })
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
      expect(tooWide).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    } finally {
      await context.close();
    }
  });
});
