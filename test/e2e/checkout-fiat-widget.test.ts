import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, is, merchantPage } from './e2e-helpers';

const SHOTS = '/tmp/shots-checkout-fiat-widget';

/** The widget (the embedded page in a shop's dialog) for a price in euros: the same choice as the hosted page. */
describe('the widget for a fiat price, in Chromium', () => {
  const stage = embedStage();

  it('offers both quotes, switches to Toncoin, settles when Toncoin is paid and reports it to the shop', async () => {
    const session = await createWidgetSession(stage.service, { currency: 'EUR', amount: '3.40' });
    stage.shop.pages.set(
      '/eur',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: session.signature }],
        init: `ServiceWidget.init({ container: '#pay', mode: 'small-widgets', onEvent: (e) => window.events.push(e.type + ':' + e.status) });`,
      }),
    );
    await stage.page.setViewportSize({ width: 1440, height: 900 });
    await stage.page.goto(`${stage.shop.origin}/eur`);
    await stage.page.getByRole('button', { name: /^Pay with / }).click();
    const frame = stage.page.frameLocator('dialog[open] iframe');
    const amount = () => frame.locator('[data-field="amount"]').textContent();
    await eventually(amount, is('3.695653 USDT'));
    expect(await frame.locator('[data-field="price"]').textContent()).toBe('3.40 EUR');
    expect(await frame.locator('[data-field="rate"]').textContent()).toContain('sandbox rates, fixed for testing');
    await stage.page.screenshot({ path: `${SHOTS}/widget-fiat-1440.png` });

    await frame.getByRole('button', { name: /^Toncoin.* 0\.739130435 TON$/ }).click();
    await eventually(amount, is('0.739130435 TON'));
    expect(await frame.locator('.choice[aria-pressed="true"]').getAttribute('data-currency')).toBe('TON');
    expect(await frame.locator('a[href^="ton://"]').getAttribute('href')).toMatch(/\?amount=739130435&text=/);

    await frame.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    expect(await frame.locator('.screen').textContent()).toContain('0.739130435 TON');
    expect(await frame.locator('[data-field="price"]').textContent()).toBe('Price: 3.40 EUR');
    await eventually(
      () => stage.page.evaluate(() => (window as unknown as { events: string[] }).events),
      (events) => events.includes('paid:paid'),
    );
    expect(stage.consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});
