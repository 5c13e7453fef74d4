import type { Page } from 'playwright';
import { expect as expectWithLimit } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, includes, merchantPage } from './e2e-helpers';

/** Waits on what the page shows for as long as it takes: no time limit inside the test. */
const playwrightExpect = expectWithLimit.configure({ timeout: 0 });

/**
 * The widget paid through the bridge path: the frame's "Pay with wallet" connects the sandbox wallet
 * through the service's loopback TON Connect bridge, and the wallet's own pages (a new tab, as a phone
 * would open them) approve the connection and the payment.
 */
describe('widget: Pay with wallet through the loopback bridge and the sandbox wallet, in Chromium', () => {
  const stage = embedStage();
  const eventsOf = (p: Page) => p.evaluate(() => (window as unknown as { events: string[] }).events);

  it('the frame lists the sandbox wallet, its pages approve, the frame turns paid and the shop hears paid', async () => {
    const frameRequests: string[] = [];
    stage.page.on('request', (r) => {
      if (r.frame() !== stage.page.mainFrame()) frameRequests.push(r.url());
    });
    const s = await createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin], amount: '8.75' });
    stage.shop.pages.set(
      '/checkout',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: s.signature }],
        init: `ServiceWidget.init({ container: '#pay', onEvent: (e) => window.events.push(e.type + ':' + e.status) });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/checkout`);
    const frame = stage.page.frameLocator('#pay iframe');
    await frame.getByRole('button', { name: 'Pay 8.75 USDT with wallet' }).click();
    await frame.getByRole('button', { name: 'Sandbox wallet', exact: true }).click();
    const opened = stage.context.waitForEvent('page');
    await frame.getByRole('link', { name: 'Open Sandbox wallet' }).click();
    const wallet = await opened;

    await playwrightExpect(wallet.getByRole('heading', { level: 1 })).toHaveText(/^Connect to .+\?$/);
    await wallet.getByRole('button', { name: 'Approve' }).click();
    await playwrightExpect(wallet.getByRole('heading', { name: 'Send this?' })).toBeVisible();
    await playwrightExpect(wallet.getByText('8.75 USDT', { exact: true })).toBeVisible();
    await playwrightExpect(wallet.getByText(s.payment.memo, { exact: true })).toBeVisible();
    await wallet.getByRole('button', { name: 'Approve' }).click();

    await playwrightExpect(frame.locator('h1')).toHaveText('Payment received');
    await eventually(() => eventsOf(stage.page), includes('paid:paid'));
    const view = await stage.service.server.services.payments.view(s.paymentId);
    expect(view.status).toBe('paid');
    expect(view.transfers).toHaveLength(1);
    // the frame asked no one but the service: its page, the wallets list and, in sandbox mode, the bridge
    expect(frameRequests.length).toBeGreaterThan(0);
    expect(new Set(frameRequests.map((url) => new URL(url).origin))).toEqual(
      new Set([new URL(stage.service.url).origin]),
    );
    expect(frameRequests.some((url) => url.includes('/bridge/'))).toBe(true);
  });
});
