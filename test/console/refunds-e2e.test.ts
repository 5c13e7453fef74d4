import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundEventData } from '../../contract/refunds';
import { verifySignature } from '../../server/webhooks/verify-signature';
import { eventually, includes } from '../e2e/e2e-helpers';
import { Receiver, waitUntil } from '../webhooks/receiver';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

/** The owner refunds an overpayment from the payment detail in Chromium; the sandbox plays the store's wallet. */
describe('a refund from the console', () => {
  let service: ConsoleService;
  let ui: ConsoleBrowser;
  let receiver: Receiver;
  let secret: string;

  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    receiver = await Receiver.start();
    ({ secret } = await service.server.services.webhooks.createEndpoint({
      url: receiver.url(),
      events: ['refund.created', 'refund.sent'],
    }));
    ui = await openConsole(service);
  }, 120_000);
  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
    await receiver?.stop();
  });

  it('prepares the overpaid excess as a refund with its QR code; once the wallet sends it, the payment shows it refunded', async () => {
    const { server } = service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '5.00',
    });
    await server.simulator!.pay({ paymentId: payment.id, amount: '7.25' });
    const { page } = ui;
    await page.goto(`${service.url}/console/#/payment/${payment.id}`);
    const panel = page.getByTestId('refunds');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    // the overpaid excess is offered
    expect(await panel.getByLabel('Amount (USDT)').inputValue()).toBe('2.25');
    await panel.getByLabel('Reason').fill('paid too much');
    await panel.getByRole('button', { name: 'Prepare refund' }).click();
    const awaiting = panel.getByTestId('refund-awaiting');
    await eventually(() => awaiting.textContent(), includes('2.25 USDT'));
    expect(await awaiting.getByRole('img', { name: 'QR code to send the refund of 2.25 USDT' }).count()).toBe(1);
    await awaiting.scrollIntoViewIfNeeded();
    await screenshot(page, 'refund-awaiting');

    const [refund] = await server.services.refunds.list(payment.id);
    expect(refund).toMatchObject({
      amount: '2.25',
      reason: 'paid too much',
      createdBy: 'owner',
      status: 'awaiting_signature',
    });
    // the store's wallet app scans it and sends it
    await server.simulator!.refund({ refundId: refund!.id });
    await eventually(() => panel.getByTestId('refund-row').first().textContent(), includes('Sent'));
    await eventually(() => panel.textContent(), includes('Refunded 2.25 of 7.25 USDT paid'));
    expect(await awaiting.count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'refund-sent');

    await waitUntil(() => receiver.received.length >= 2, 'refund.created and refund.sent');
    expect(receiver.received.map((r) => r.event.type)).toEqual(['refund.created', 'refund.sent']);
    for (const delivery of receiver.received) {
      expect(
        verifySignature(delivery.raw, delivery.headers['tontill-signature'], secret, {
          nowSeconds: Math.floor(Date.now() / 1000),
        }).ok,
      ).toBe(true);
    }
    expect((receiver.received[1]!.event.data as RefundEventData).payment.refundedAmount).toBe('2.25');
    expect(ui.errors).toEqual([]);
  });

  it('names the field a refund is refused on, next to it', async () => {
    const { server } = service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '3.00',
    });
    await server.simulator!.pay({ paymentId: payment.id });
    const { page } = ui;
    await page.goto(`${service.url}/console/#/payment/${payment.id}`);
    const panel = page.getByTestId('refunds');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByLabel('Amount (USDT)').fill('4.00');
    await panel.getByRole('button', { name: 'Prepare refund' }).click();
    await eventually(() => panel.getByRole('alert').textContent(), includes('at most 3.00 USDT'));
    expect(await panel.getByLabel('Amount (USDT)').getAttribute('aria-invalid')).toBe('true');
    expect(await server.services.refunds.list(payment.id)).toEqual([]);
  });

  it('lists what the wallet sent: the refund links to its payment, a send with the wrong memo is explained by no refund', async () => {
    const { server } = service;
    const { payment } = await server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '2.00',
    });
    await server.simulator!.pay({ paymentId: payment.id });
    const refund = await server.services.refunds.create(payment.id, { amount: '0.75' }, 'console');
    await server.simulator!.refund({ refundId: refund.id, case: 'wrong-memo' });
    const { page } = ui;
    await page.goto(`${service.url}/console/#/unmatched`);
    await page.getByRole('tab', { name: 'Sent from the wallet' }).click();
    const rows = page.getByTestId('outgoing-row');
    await eventually(
      () => rows.count(),
      (n) => n >= 2,
    );
    const newest = await rows.first().textContent();
    expect(newest).toContain('−0.75 USDT');
    expect(newest).toContain('No refund explains it');
    expect(newest).toContain(`${refund.memo}-X`);
    // the console's refund from the first test, sent exactly
    expect(await rows.nth(1).textContent()).toMatch(/−2\.25 USDT\s*Refund/);
    await screenshot(page, 'outgoing-transfers');
    expect(ui.errors).toEqual([]);
  });
});
