import type { Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../webhooks/receiver';
import { useSignedInConsole } from './console-harness';

/** A live wait, not a limit on the code: the dispatcher and the log's refresh both take turns on a busy machine. */
const SETTLED = { timeout: 30_000 };

describe('the webhooks screen, in Chromium', () => {
  const sc = useSignedInConsole();
  let receiver: Receiver;
  let failing = false;
  beforeAll(async () => {
    receiver = await Receiver.start();
    receiver.reply = () => (failing ? { status: 500, body: 'boom' } : { status: 200, body: 'ok' });
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  const page = (): Page => sc.page;
  const go = async (route: string) => {
    await page().evaluate((r) => {
      location.hash = `#/${r}`;
    }, route);
  };
  const paidPayment = async (amount: string) => {
    const server = sc.service.server;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
    });
    await server.simulator!.pay({ paymentId: payment.id });
    return payment;
  };
  const logRows = () => page().getByTestId('delivery-log').locator('tbody tr');

  it('updates the endpoint card as deliveries happen, without a reload; "*" reads "All events"', async () => {
    await sc.service.server.services.webhooks.createEndpoint({ url: receiver.url('/card'), events: ['*'] });
    await go('webhooks');
    const card = page().getByTestId('endpoint');
    await pw(card).toContainText('All events');
    await pw(card.getByTestId('endpoint-last-delivery')).toContainText('No delivery yet');
    await paidPayment('3.10');
    await pw(card.getByTestId('endpoint-last-delivery')).toContainText(/Last delivery .*\d.* · delivered/, SETTLED);
    await pw(card).not.toContainText('*');
  });

  it('prints a failed answer once per row, and offers "Retry now" on a delivery waiting for its retry', async () => {
    failing = true;
    await sc.service.server.services.webhooks.sendTest(
      (await sc.service.server.services.webhooks.listEndpoints())[0]!.id,
    );
    const row = logRows().filter({ hasText: 'webhook.test' }).filter({ hasText: 'retrying' });
    await pw(row).toHaveCount(1, SETTLED);
    await pw(row.getByText('HTTP 500')).toHaveCount(1);
    failing = false;
    await row.getByRole('button', { name: 'Retry now' }).click();
    const delivered = logRows().filter({ hasText: 'webhook.test' });
    await pw(delivered.getByTestId('delivery-state')).toContainText('delivered', SETTLED);
    await pw(delivered).toHaveCount(1);
    await pw(delivered.getByRole('button', { name: 'Redeliver' })).toBeVisible();
  });

  it('filters the log by event type and outcome on the server, and a reload keeps the filters', async () => {
    await go('webhooks');
    await page().getByLabel('Event type').selectOption('payment.paid');
    await page().getByLabel('Outcome').selectOption('delivered');
    await pw(logRows()).toHaveCount(1);
    await pw(logRows()).toContainText('payment.paid');
    expect(page().url()).toContain('event=payment.paid');
    await page().reload();
    await pw(page().getByLabel('Event type')).toHaveValue('payment.paid');
    await pw(page().getByLabel('Outcome')).toHaveValue('delivered');
    await pw(logRows()).toHaveCount(1);
    await page().getByLabel('Event type').selectOption('');
    await page().getByLabel('Outcome').selectOption('');
  });

  it('a delivery left open on a payment page does not follow the merchant to the webhooks screen', async () => {
    const payment = await paidPayment('3.20');
    await go(`payment/${payment.id}`);
    await page().getByTestId('payment-deliveries').getByRole('button', { name: 'payment.paid' }).first().click();
    await pw(page().locator('dialog[open]')).toBeVisible(SETTLED);
    // closed with its × and picked again before the dialog's close event (a task later): still opens
    await page().evaluate(async () => {
      document.querySelector<HTMLButtonElement>('dialog[open] button[aria-label="Close"]')!.click();
      await Promise.resolve(); // React renders in a microtask; the close event is a task away
      document.querySelector<HTMLButtonElement>('[data-testid="payment-deliveries"] button.link')!.click();
    });
    await pw(page().locator('dialog[open] .attempt').first()).toBeVisible(SETTLED);
    // leaving by the address, not by the dialog: no close event reaches the page that goes away
    await go('webhooks');
    await pw(logRows().first()).toBeVisible();
    await pw(page().locator('dialog[open]')).toHaveCount(0);
    await page().getByRole('button', { name: 'Send test' }).click();
    await pw(logRows().filter({ hasText: 'webhook.test' }).first()).toBeVisible(SETTLED);
  });

  it('at 390 px the endpoint and the log become stacked rows: nothing is wider than the screen', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await go('webhooks');
    await pw(logRows().first()).toBeVisible();
    const tooWide = await page().evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(0, 10);
    });
    expect(tooWide).toEqual([]);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page().setViewportSize({ width: 1360, height: 860 });
  });
});
