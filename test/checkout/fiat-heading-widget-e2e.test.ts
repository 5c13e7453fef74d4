import { describe, expect, it } from 'vitest';
import { createWidgetSession, embedStage, eventually, is, merchantPage } from '../e2e/e2e-helpers';

/**
 * The widget has no heading of its own: its dialog shows the embedded checkout, whose heading states a
 * fiat price as the hosted page's does. The shop's button keeps naming the assets it may be paid in.
 */
describe("the widget's checkout heading for a fiat price, in Chromium", () => {
  const stage = embedStage();

  it('says Pay 3.40 EUR in the dialog, and still after Toncoin is chosen', async () => {
    const session = await createWidgetSession(stage.service, { currency: 'EUR', amount: '3.40' });
    stage.shop.pages.set(
      '/eur-heading',
      merchantPage({
        service: stage.service.url,
        containers: [{ id: 'pay', signature: session.signature }],
        init: `ServiceWidget.init({ container: '#pay', mode: 'small-widgets' });`,
      }),
    );
    await stage.page.goto(`${stage.shop.origin}/eur-heading`);
    await stage.page.getByRole('button', { name: /^Pay with / }).click();
    const frame = stage.page.frameLocator('dialog[open] iframe');
    const heading = () => frame.locator('h1').textContent();
    await eventually(heading, is('Pay 3.40 EUR'));
    await frame.locator('.choice[data-currency="TON"]').click();
    await eventually(() => frame.locator('[data-field="amount"]').textContent(), is('0.739130435 TON'));
    expect(await heading()).toBe('Pay 3.40 EUR');
    expect(stage.consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});
