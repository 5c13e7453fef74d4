import type { Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, includes, merchantPage } from './e2e-helpers';
import { decodeJettonTransfer, injectWallet, SigningWallet } from './checkout-wallet-injected';

/** The widget frames the embedded page, which carries "Pay with wallet" too: paid through an injected wallet. */
describe('widget: Pay with wallet inside the embedded checkout, in Chromium', () => {
  const stage = embedStage();
  const eventsOf = (p: Page) => p.evaluate(() => (window as unknown as { events: string[] }).events);

  it('shows the button in the frame and pays through the injected wallet; the frame asks only the service', async () => {
    const wallet = await SigningWallet.payerOf(stage.service);
    // The init script reaches the checkout's frame too: the wallet is in the page the customer sees.
    await injectWallet(stage.page, wallet);
    const frameRequests: string[] = [];
    stage.page.on('request', (r) => {
      if (r.frame() !== stage.page.mainFrame()) frameRequests.push(r.url());
    });
    const s = await createWidgetSession(stage.service, { allowedOrigins: [stage.shop.origin], amount: '12.50' });
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
    await frame.getByRole('button', { name: 'Pay 12.50 USDT with wallet' }).click();
    await frame.getByRole('button', { name: 'Tonkeeper', exact: true }).click();
    await playwrightExpect(frame.locator('h1')).toHaveText('Payment received', { timeout: 0 });
    await eventually(() => eventsOf(stage.page), includes('paid:paid'));

    const transfer = decodeJettonTransfer(wallet.requests[0]!.messages[0]!.payload!);
    expect(transfer.amount).toBe(12_500_000n);
    expect(transfer.comment).toBe(s.payment.memo);
    expect((await stage.service.server.services.payments.view(s.paymentId)).transfers).toHaveLength(1);
    expect(new Set(frameRequests.map((url) => new URL(url).origin))).toEqual(
      new Set([new URL(stage.service.url).origin]),
    );
  });
});
