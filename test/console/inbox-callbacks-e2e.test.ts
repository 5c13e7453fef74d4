import type { Page } from 'playwright';
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/e2e-helpers';
import { Receiver } from '../webhooks/receiver';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

let service: ConsoleService;
let ui: ConsoleBrowser;
let page: Page;
let receiver: Receiver;
const confirms: string[] = [];

const go = async (route: string) => {
  await page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
};
const invoice = async (amount: string, extra: Record<string, unknown> = {}) =>
  (
    await service.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount,
      ...extra,
    })
  ).payment;
/** A customer pays the amount but forgets the memo: the transfer lands in the inbox. */
const strayTransfer = async (paymentId: string): Promise<string> => {
  const { txHashes } = await service.server.simulator!.pay({ paymentId, case: 'no-comment' });
  const inbox = await service.server.services.ledger.listUnmatched();
  return inbox.find((t) => txHashes.includes(t.txHash))!.txHash;
};
const card = (txHash: string) => page.locator(`[data-testid="unmatched-transfer"][data-tx="${txHash}"]`);

describe('the unmatched inbox and per-payment callbacks, in Chromium', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    receiver = await Receiver.start();
    ui = await openConsole(service);
    page = ui.page;
    page.on('dialog', (d) => {
      confirms.push(d.message());
      void d.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await ui?.browser.close();
    await receiver?.stop();
    await service?.close();
  });

  it('suggests the payment whose due amount equals the transfer and attaches it in one click; the note is on its timeline', async () => {
    const payment = await invoice('7.25', { customer: { email: 'ana@shop.example' }, externalId: 'order-725' });
    await invoice('7.30');
    const tx = await strayTransfer(payment.id);
    await go('unmatched');
    const suggestion = card(tx).getByTestId('suggestion').first();
    await pw(suggestion).toContainText(payment.id, { timeout: 15_000 });
    await pw(suggestion).toContainText('ana@shop.example');
    await screenshot(page, 'inbox-suggestions');
    await suggestion.getByRole('button', { name: /^Credit this transfer to / }).click();
    await pw(card(tx)).toHaveCount(0, { timeout: 15_000 }); // a credit is sent after its undo window
    expect((await service.server.services.payments.get(payment.id)).status).toBe('paid');
    await go(`payment/${payment.id}`);
    await pw(page.getByTestId('timeline')).toContainText('Transfer attached');
    await pw(page.getByTestId('timeline')).toContainText('suggested: same amount');
  });

  it('searches the inbox by email, amount and memo', async () => {
    const payment = await invoice('5.55', { customer: { email: 'bo@shop.example' } });
    const tx = await strayTransfer(payment.id);
    await go('unmatched');
    await pw(card(tx)).toBeVisible({ timeout: 15_000 });
    const search = page.getByRole('searchbox', { name: 'Search the inbox' });
    await search.fill('bo@shop.example');
    await pw(card(tx)).toBeVisible();
    await search.fill('5,55');
    await pw(card(tx)).toBeVisible();
    await search.fill('nobody@else.example');
    await pw(card(tx)).toHaveCount(0);
    await search.fill('');
    await pw(card(tx)).toBeVisible();
  });

  it('dismiss asks for a reason in the page, is listed in the history with who and when, and can be undone', async () => {
    const payment = await invoice('2.22');
    const tx = await strayTransfer(payment.id);
    await go('unmatched');
    await page.getByRole('button', { name: 'Refresh' }).click(); // the page is already open: the transfer came after it loaded
    await card(tx).getByRole('button', { name: 'Dismiss…' }).click();
    const form = card(tx).getByRole('form', { name: 'Dismiss this transfer' });
    await form.getByRole('button', { name: 'Dismiss transfer' }).click();
    await pw(form.getByRole('alert')).toContainText('reason');
    await form.getByLabel('Reason').fill('refunded by hand to the sender');
    await form.getByRole('button', { name: 'Dismiss transfer' }).click();
    await pw(card(tx)).toHaveCount(0);
    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.locator(`[data-testid="decision"][data-tx="${tx}"]`).first();
    await pw(row).toContainText('refunded by hand to the sender');
    await pw(row).toContainText('owner');
    await screenshot(page, 'inbox-history');
    await row.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await pw(card(tx)).toBeVisible();
    expect((await service.server.services.ledger.find(tx))!.status).toBe('unmatched');
    expect(confirms).toEqual([]);
  });

  it('a payment shows its callback URL and the callback secret: hidden, revealed, copied, rotated through an in-page dialog', async () => {
    receiver.reply = () => ({ status: 200, body: 'ok' });
    const payment = await invoice('1.50', { callbackUrl: receiver.url('/cb-ok') });
    await go(`payment/${payment.id}`);
    const panel = page.getByRole('region', { name: 'Callback', exact: true });
    await pw(panel).toContainText(receiver.url('/cb-ok'));
    const secret = panel.getByTestId('callback-secret');
    await pw(secret).not.toContainText('whsec_');
    await panel.getByRole('button', { name: 'Reveal' }).click();
    const before = (await service.server.services.webhooks.callbackSecret()).secret;
    await pw(secret).toHaveText(before);
    await panel.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the callback secret?' });
    await pw(dialog).toBeVisible();
    await pw(dialog).toContainText('24 hours');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await pw(dialog).toBeHidden();
    const after = (await service.server.services.webhooks.callbackSecret()).secret;
    expect(after).not.toBe(before);
    await pw(secret).toHaveText(after);
    expect(confirms).toEqual([]);
  });

  it('a callback answered with 500 shows as retrying with the next attempt, attempts and the last response; the log filters callbacks', async () => {
    receiver.reply = (r) =>
      r.path === '/cb-down' ? { status: 500, body: 'database is down' } : { status: 200, body: 'ok' };
    const payment = await invoice('1.75', { callbackUrl: receiver.url('/cb-down') });
    // the first attempt, answered 500, is recorded before the page opens, so the page shows it as it
    // loads rather than on its 15 s refresh, which a busy machine can push past the wait below
    await eventually(
      () => service.server.services.webhooks.listDeliveries({ paymentId: payment.id, attempted: true, limit: 1 }),
      (retrying) => retrying.length > 0,
    );
    await go(`payment/${payment.id}`);
    const row = page.getByTestId('payment-deliveries').locator('tbody tr').first();
    // "next now" once the retry is due: on a busy machine the page may be read after that moment
    await pw(row).toContainText(/retrying · next (in \d+ s|now)/, { timeout: 20_000 });
    await pw(row).toContainText('500');
    await pw(row).toContainText('database is down');
    // a busy machine may already have made the next attempt: each one is counted, none is lost
    await pw(row.getByTestId('delivery-attempts')).toHaveText(/^[1-9]\d*$/);
    await screenshot(page, 'callback-retrying');
    await row.getByRole('button', { name: 'payment.created' }).click();
    const dialog = page.getByRole('dialog');
    await pw(dialog).toContainText(/retrying · next (in \d+ s|now)/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await pw(dialog).toBeHidden();

    await go('webhooks');
    const endpointFilter = page.getByRole('combobox', { name: /^Endpoint/ });
    await endpointFilter.selectOption({ label: 'Per-payment callbacks' });
    const log = page.getByTestId('delivery-log');
    await pw(log).toContainText(receiver.url('/cb-down'));
    await pw(log.locator('tbody tr')).not.toHaveCount(0);
    for (const url of await log.locator('tbody tr td.truncate').allTextContents()) expect(url).toMatch(/\/cb-/);
  });

  it('raised no script error and no CSP violation', () => {
    expect(ui.errors).toEqual([]);
  });
});
