import type { Locator, Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { CATALOGUE_KEY } from '../../server/console-api/catalogue-routes';
import { TIPS_KEY } from '../../server/settings/tips';
import { eventually, is } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';
import { shootConsole } from './console-shots';

const SHOTS = '/tmp/shots-till-fiat-catalogue-e2e';

/**
 * A euro store's till (sandbox rates: 1 USDT = 0.92 EUR, 1 TON = 4.6 EUR): the catalogue kept in USDT
 * says so and is re-priced in euros in Settings, a cart of it is a EUR-priced invoice, and the tip step
 * offers euros and sends the tip in euros; the payment keeps its share in the asset. Chromium against
 * the real service on the sandbox chain.
 */
describe("the till's catalogue and tip in the store's own currency", () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  const till = () => page.getByTestId('till');
  const go = (route: string) => page.goto(`${signedIn.service.url}/console/#/${route}`);

  beforeAll(async () => {
    page = signedIn.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
    const { pricing, settings } = signedIn.service.server.services;
    await pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'EUR' }, 'test');
    // written before the store priced in euros: its prices are USDT
    await settings.set(CATALOGUE_KEY, {
      currency: 'USDT',
      items: [
        { id: 'espresso', name: 'Espresso', price: '2.50' },
        { id: 'water', name: 'Water', price: '1.00' },
      ],
    });
    await settings.set(TIPS_KEY, { enabled: true, presets: [10, 15, 20] });
  });

  const shoot = (name: string, focus?: Locator) => shootConsole(page, SHOTS, name, focus);

  async function openTill(): Promise<void> {
    await go('invoice');
    await page.reload();
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    await till().getByRole('group', { name: 'Keypad' }).waitFor();
  }

  it('keeps a USDT catalogue off a EUR till until it is re-priced in euros in Settings', async () => {
    await openTill();
    await eventually(
      () => till().getByTestId('till-catalogue-other-asset').textContent(),
      is(
        'The catalogue is priced in USDT: re-price it in EUR (Settings → Till catalogue) to sell from it here; type the price on the keypad.',
      ),
    );
    expect(
      await till()
        .getByRole('button', { name: /^Add Espresso/ })
        .count(),
    ).toBe(0);
    await shoot('eur-till-usdt-catalogue');
    await page.getByRole('button', { name: 'Back to console' }).click();

    await go('settings/store');
    const form = page.getByTestId('catalogue-settings');
    const notice = form.getByTestId('catalogue-currency-notice');
    await eventually(
      () => notice.textContent().catch(() => null),
      is('Priced in USDT; your store currency is EUR. Re-price the items to sell them in EUR.'),
    );
    // the old prices are beside, not in, the fields: a USDT price saved as euros would be the wrong price
    const espresso = form.getByLabel('Item 1 price (EUR)');
    expect([await espresso.inputValue(), await espresso.getAttribute('placeholder')]).toEqual(['', '2.50 USDT']);
    await shoot('catalogue-mismatch', form);
    await form.getByRole('button', { name: 'Save catalogue' }).click();
    await form.getByRole('alert').filter({ hasText: 'Espresso:' }).waitFor();
    await espresso.fill('1,70');
    await form.getByLabel('Item 2 price (EUR)').fill('0.6');
    await form.getByRole('button', { name: 'Save catalogue' }).click();
    await page.getByText('Catalogue saved').first().waitFor();
    expect(await signedIn.service.server.services.settings.get(CATALOGUE_KEY)).toEqual({
      currency: 'EUR',
      items: [
        { id: 'espresso', name: 'Espresso', price: '1.70' },
        { id: 'water', name: 'Water', price: '0.60' },
      ],
    });
    expect(await notice.count()).toBe(0);
  });

  it('sells a EUR cart as a EUR-priced invoice, with a tip in euros whose share the payment keeps', async () => {
    await openTill();
    const espresso = till().getByRole('button', { name: /^Add Espresso, 1\.70 EUR/ });
    await espresso.click();
    await espresso.click();
    await eventually(() => till().getByTestId('till-display').textContent(), is('3.40 EUR'));
    await shoot('eur-cart');
    await page.keyboard.press('Enter');

    const step = till().getByTestId('till-tip');
    await step.waitFor();
    expect(await step.locator('.till-tip-subtotal').textContent()).toBe('Subtotal 3.40 EUR');
    expect(await step.getByRole('button').allTextContents()).toEqual([
      '10 %0.34',
      '15 %0.51',
      '20 %0.68',
      'Customany amount',
      'No tip',
      'Back to the sale (Esc)',
    ]);
    await shoot('eur-tip');
    // a custom tip is typed in euros, to the cent
    await step.getByRole('button', { name: /^Custom/ }).click();
    await page.keyboard.type('0,555');
    await eventually(() => step.getByTestId('till-tip-entry').textContent(), is('0,55 EUR'));
    expect(await step.locator('.till-tip-total').textContent()).toBe('Total 3.95 EUR');
    await shoot('eur-tip-custom');
    await page.keyboard.press('Escape');
    await step.getByRole('button', { name: /^10 %/ }).click();

    await till().locator('svg.qr').waitFor();
    const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
    // 3.74 EUR / 0.92 = 4.0652173…, rounded up to the micro-USDT; the tip's share 0.34 / 3.74 of it, rounded down
    expect(payment).toMatchObject({ currency: 'USDT', amount: 4_065_218n, tip: 369_565n, description: '2 × Espresso' });
    expect(payment!.pricing?.price).toMatchObject({ amount: '3.74', currency: 'EUR' });
    expect(await till().getByTestId('till-lines').textContent()).toBe('2 × Espresso3.40');
    expect(await till().getByTestId('till-tip-line').textContent()).toBe('Tip0.34');
    expect(await till().getByTestId('till-lines-total').textContent()).toBe('Total3.74 EUR');
    expect(await till().getByTestId('till-price').textContent()).toBe('3.74 EUR');
    expect(await till().locator('.till-amount').textContent()).toBe('4.065218 USDT');
    await till().getByRole('button', { name: '0.813043479 TON' }).waitFor();
    await shoot('eur-cart-payment');

    await signedIn.service.server.simulator!.pay({ paymentId: payment!.id });
    await eventually(
      () =>
        till()
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      is('Paid — thank you!'),
    );
    expect((await signedIn.service.server.services.payments.get(payment!.id)).status).toBe('paid');
    // the payment's page says the tip's share in the asset that was paid
    await page.getByRole('button', { name: 'Back to console' }).click();
    await go(`payment/${payment!.id}`);
    const tipLine = page.getByRole('region', { name: 'Summary' }).getByTestId('tip-line');
    await eventually(() => tipLine.textContent().catch(() => null), is('Of which tip0.369565 USDT'));
    const receipt = await page.context().newPage();
    await receipt.goto(`${signedIn.service.url}/pay/${payment!.id}/receipt`);
    // the subtotal is the sale's 3.40 EUR at the locked rate: 3.695653 USDT, as a EUR 3.40 invoice would ask
    expect(await receipt.locator('dl.total').innerText()).toMatch(
      /Subtotal\s+3\.695653 USDT\s+Tip\s+0\.369565 USDT\s+Total\s+4\.065218 USDT/,
    );
    await receipt.close();
  });
});
