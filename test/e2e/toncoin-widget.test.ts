import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, is, merchantPage } from './e2e-helpers';

const SHOTS = '/tmp/shots-toncoin-widget';

/** The widget (ServiceWidget) for a payment in Toncoin: POST /invoice/widgets with currency TON, a shop's page, the demo shop. */
describe('the widget in Toncoin, in Chromium', () => {
  const stage = embedStage();

  it("names TON on the pay button before asking anything, opens the checkout in TON, and reports the payment's events", async () => {
    const session = await createWidgetSession(stage.service, { currency: 'TON', amount: '2.50' });
    stage.shop.pages.set(
      '/ton',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: session.signature }],
        init: `ServiceWidget.init({ container: '#pay', mode: 'small-widgets', onEvent: (e) => window.events.push(e.type + ':' + e.status) });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/ton`);
    await stage.page.getByRole('button', { name: 'Pay with TON' }).click();
    const frame = stage.page.frameLocator('dialog[open] iframe');
    await eventually(() => frame.locator('[data-field="amount"]').textContent(), is('2.50 TON'));
    expect(await frame.locator('h1').textContent()).toBe('Pay with Toncoin (Gram) on TON');
    expect(await frame.locator('a[href^="ton://"]').getAttribute('href')).toMatch(/\?amount=2500000000&text=/);
    await frame.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    await eventually(
      () => stage.page.evaluate(() => (window as unknown as { events: string[] }).events),
      (events) => events.includes('paid:paid'),
    );
    expect(stage.consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('the demo shop takes a Toncoin order', async () => {
    await stage.page.setViewportSize({ width: 1440, height: 900 });
    await stage.page.goto(`${stage.service.url}/demo/merchant?currency=TON&amount=0.75`);
    expect(await stage.page.locator('.order strong').first().textContent()).toBe('0.75 TON');
    const frame = stage.page.frameLocator('#pay iframe');
    await eventually(() => frame.locator('[data-field="amount"]').textContent(), is('0.75 TON'));
    await stage.page.screenshot({ path: `${SHOTS}/toncoin-demo-shop-1440.png` });
    await frame.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    await stage.page.locator('#log li[data-type="paid"]').waitFor();
  });
});
