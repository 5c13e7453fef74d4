import { Address } from '@ton/core';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../server/console-api/console-static';
import { eventually, includes } from '../e2e/e2e-helpers';
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
const state: { invoiceId?: string } = {};

const go = async (route: string) => {
  await page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
};

describe('the merchant console in Chromium, against the real service', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    receiver = await Receiver.start();
    ui = await openConsole(service);
    page = ui.page;
  }, 120_000);

  afterAll(async () => {
    await ui?.browser.close();
    await receiver?.stop();
    await service?.close();
  });

  it('serves the console with a strict CSP and logs in through the one-time link', async () => {
    const res = await fetch(`${service.url}/console/`);
    expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect((await fetch(`${service.url}/console/api/stats`)).status).toBe(401);
    await expect(page.getByRole('heading', { name: 'Dashboard' }).isVisible()).resolves.toBe(true);
    // the merchant's words, not a lag in seconds; the dashboard reloads the status every few seconds
    await eventually(() => page.getByTestId('watcher-health').textContent(), includes('Up to date — last checked'));
  });

  it('adds a webhook endpoint and shows its secret once', async () => {
    await go('webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    await page.getByLabel('Endpoint URL').fill('ftp://nope');
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    await page.locator('#wh-error').waitFor();
    await page.getByLabel('Endpoint URL').fill(receiver.url());
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    await page.getByTestId('webhook-secret').waitFor();
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByTestId('endpoint').waitFor();
  });

  it('creates an invoice with clear errors for bad input, QR, links and live status', async () => {
    await go('invoice');
    await page.getByLabel('Amount (USDT)').fill('12.5.0');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.locator('#amount-error').waitFor();
    expect(await page.locator('#amount-error').textContent()).toContain('amount such as 12,50 or 12.50');
    await page.getByLabel('Amount (USDT)').fill('12,50');
    await page.getByLabel(/Order reference/).fill('order-1');
    await page.getByLabel(/Description/).fill('Two espressos');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByTestId('invoice-card').waitFor();
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Pending');
    expect(await page.locator('svg.qr').count()).toBe(1);
    expect(await page.locator('.links li').count()).toBe(3);
    await screenshot(page, 'new-invoice');
    await page.getByRole('button', { name: /till mode/ }).click();
    await page.getByTestId('till').waitFor();
    await screenshot(page, 'till-pending');
    await page.getByRole('button', { name: 'Back to console' }).click();
    // leaving a payment that can still be paid asks first; the desk keeps it open
    await page.getByRole('button', { name: 'Keep it open' }).click();
    await page.getByTestId('invoice-card').waitFor();
    state.invoiceId = (await service.server.services.payments.list({ limit: 1 }))[0]!.id;
  });

  it('pays the invoice with the simulator; the invoice, dashboard and list turn paid', async () => {
    await go('simulator');
    await page.getByLabel('Payment', { exact: true }).selectOption(state.invoiceId!);
    await screenshot(page, 'simulator');
    await page.getByRole('button', { name: /^Exact/ }).click();
    await page.locator('.sim-log li').first().waitFor();
    expect(await page.locator('.sim-log li').first().textContent()).toContain('Paid');
    await go('dashboard');
    await eventually(
      () => page.getByTestId('paid-today').textContent(),
      (t) => !!t && t.includes('12.50'),
    );
    await eventually(
      () => page.getByTestId('count-paid').textContent(),
      (t) => !!t && t.startsWith('1'),
    );
    await screenshot(page, 'dashboard-light');
    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await eventually(
      () => page.evaluate(() => document.documentElement.dataset.theme),
      (t) => t === 'dark',
    );
    await screenshot(page, 'dashboard-dark');
    await page.getByRole('button', { name: /Switch to light theme/ }).click();
    await go('payments');
    await page.getByTestId('payment-row').first().waitFor();
    expect(await page.getByTestId('payment-row').first().textContent()).toContain('Paid');
  });

  it('a till screen turns green when its invoice is paid', async () => {
    await go('invoice');
    await page.getByLabel('Amount (USDT)').fill('4.20');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByTestId('invoice-card').waitFor();
    await page.getByRole('button', { name: /till mode/ }).click();
    await page.getByTestId('till').waitFor();
    const [open] = await service.server.services.payments.list({ status: 'pending', limit: 1 });
    await service.server.simulator!.pay({ paymentId: open!.id });
    await page.locator('.till-done').waitFor();
    await screenshot(page, 'till-paid');
    await page.getByRole('button', { name: 'Back to console' }).click();
    await page.getByTestId('invoice-card').waitFor();
  });

  it('searches and opens a payment: timeline, transfers, webhook deliveries, redeliver', async () => {
    await eventually(
      () => receiver.received.filter((r) => r.event.type === 'payment.paid').length,
      (n) => n >= 1,
    );
    await go('payments');
    await page.getByRole('searchbox').fill('order-1');
    await eventually(
      () => page.getByTestId('payment-row').count(),
      (n) => n === 1,
    );
    await screenshot(page, 'payments');
    await page.getByTestId('payment-row').first().click();
    await page.getByTestId('timeline').waitFor();
    expect(await page.getByTestId('timeline').textContent()).toContain('Paid');
    expect(await page.getByTestId('transfers').textContent()).toContain('12.50');
    await page.getByTestId('payment-deliveries').waitFor();
    await screenshot(page, 'payment-detail');
    const before = receiver.received.length;
    const row = page.getByTestId('payment-deliveries').locator('tr', { hasText: 'payment.paid' }).first();
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(/Queued 1 new delivery/).waitFor();
    await eventually(
      () => receiver.received.length,
      (n) => n > before,
    );
    const paid = receiver.received.filter(
      (r) => r.event.type === 'payment.paid' && r.event.data.id === state.invoiceId,
    );
    expect(new Set(paid.map((r) => r.event.id)).size).toBe(1);
    expect(paid.length).toBeGreaterThanOrEqual(2);
    await page.getByTestId('payment-deliveries').getByRole('button', { name: 'payment.paid' }).first().click();
    await page.locator('dialog[open] .attempt').first().waitFor();
    await screenshot(page, 'delivery-attempts');
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
  });

  it('exports the payments as CSV from a streaming endpoint', async () => {
    await go('payments');
    await page.getByRole('searchbox').fill('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'id,status,kind,amount,paidAmount,externalId,memo,description,late,createdAt,paidAt,expiresAt,refundedAmount,netAmount,currency,price,priceCurrency,rate,shortfall',
    );
    expect(csv).toContain(',paid,invoice,12.50,12.50,order-1,');
  });

  it('attaches an unmatched transfer to a payment from the inbox', async () => {
    const { payment } = await service.server.services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '3.00',
      externalId: 'forgot-memo',
    });
    await service.server.simulator!.pay({ paymentId: payment.id, case: 'no-comment' });
    await go('unmatched');
    await page.getByTestId('unmatched-transfer').first().waitFor();
    await screenshot(page, 'unmatched');
    await page.getByPlaceholder('pay_…').fill(payment.id);
    await page.getByRole('button', { name: 'Attach' }).click();
    await page
      .getByText(/now paid/)
      .first()
      .waitFor();
    expect((await service.server.services.payments.get(payment.id)).status).toBe('paid');
  });

  it('previews the widget in each mode with its snippet and live events', async () => {
    await go('widget');
    await eventually(
      () =>
        page
          .getByTestId('widget-events')
          .textContent()
          .catch(() => ''),
      (t) => !!t && t.includes('loaded'),
    );
    expect(await page.getByTestId('widget-snippet').textContent()).toContain(`${service.url}/widgets/index-latest.js`);
    const frameUrl = await page.getByTestId('widget-frame').getAttribute('src');
    const preview = await fetch(frameUrl!);
    expect(preview.headers.get('content-security-policy')).toContain('frame-ancestors');
    expect(await preview.text()).toContain(`frame-src 'self' ${service.url}`);
    await screenshot(page, 'widget-iframe-only');
    await page.locator('.segmented label', { hasText: 'small-widgets' }).click();
    await page.getByLabel('Button colour').selectOption('red-white');
    await eventually(
      () => page.frameLocator('[data-testid=widget-frame]').locator('button.servicewidget-red-white').count(),
      (n) => n === 1,
    );
    await page.frameLocator('[data-testid=widget-frame]').locator('button.servicewidget-red-white').click();
    await eventually(
      () =>
        page
          .getByTestId('widget-events')
          .textContent()
          .catch(() => ''),
      (t) => !!t && t.includes('loaded'),
    );
    await screenshot(page, 'widget-small-widgets');
  });

  it('settings: bad input gets clear errors, good input saves to config.json for the next start', async () => {
    await go('settings');
    await page.locator('.segmented label', { hasText: 'mainnet' }).click();
    await page.getByLabel(/Wallet address/).fill('not-an-address');
    await page.getByLabel(/Allowed embedding origins/).fill('https://shop.example/checkout');
    await page.getByRole('button', { name: 'Validate and save' }).click();
    await page.locator('[data-field="chain.merchantAddress"]').waitFor();
    expect(await page.locator('[data-field="chain.merchantAddress"]').textContent()).toContain('not a TON address');
    expect(await page.locator('[data-field^="allowedOrigins"]').textContent()).toContain('must be an origin');
    await screenshot(page, 'settings-errors');
    const wallet = new Address(0, Buffer.alloc(32, 3)).toString({ testOnly: true });
    const jetton = new Address(0, Buffer.alloc(32, 4)).toString({ testOnly: true });
    await page.locator('.segmented label', { hasText: 'testnet' }).click();
    await page.getByLabel(/Wallet address/).fill(wallet);
    await page.getByLabel(/Jetton master/).fill(jetton);
    await page.getByLabel(/Allowed embedding origins/).fill('https://shop.example');
    await page.getByRole('button', { name: 'Validate and save' }).click();
    await page.getByTestId('restart-notice').waitFor();
    const saved = JSON.parse(readFileSync(`${service.dataDir}/config.json`, 'utf8')) as {
      chain: Record<string, string>;
    };
    expect(saved.chain).toMatchObject({ mode: 'testnet', merchantAddress: wallet, jettonMaster: jetton });
    expect(await service.server.services.settings.get('allowedOrigins')).toEqual(['https://shop.example']);
    await page.getByLabel('New key name').fill('shop backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('new-api-key').waitFor();
    await screenshot(page, 'settings');
  });

  it('shows the webhook delivery log and sends a test event', async () => {
    await go('webhooks');
    await page.getByTestId('delivery-log').waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    await eventually(() => receiver.received.some((r) => r.event.type === 'webhook.test'), Boolean);
    await eventually(
      () => page.getByTestId('delivery-log').textContent(),
      (t) => !!t && t.includes('webhook.test'),
    );
    await screenshot(page, 'webhooks');
  });

  it('raised no script error and no CSP violation on any screen', () => {
    expect(ui.errors).toEqual([]);
  });
});
