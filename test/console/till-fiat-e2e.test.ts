import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '../../contract/pricing-settings';
import { nextFiatEntry, parseFiatEntry } from '../../renderer/features/till/fiat-sale';
import { eventually, is } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

const SHOTS = '/tmp/shots-till-fiat-e2e';

/**
 * The till of a store that prices in euros (sandbox rates: 1 USDT = 0.92 EUR, 1 TON = 4.6 EUR): the
 * keypad types euros, the invoice states the price, the customer's screen offers both quotes, and the
 * asset chosen there is the one paid. Chromium against the real service on the sandbox chain.
 */
describe('the till in the store currency', () => {
  const signedIn = useSignedInConsole();

  const shoot = async (name: string) => {
    const { page } = signedIn;
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      for (const theme of ['light', 'dark']) {
        await page.setViewportSize({ width: w, height: h });
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        await page.screenshot({ path: `${SHOTS}/till-${name}-${w}-${theme}.png` });
      }
    }
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await page.setViewportSize({ width: 1360, height: 860 });
  };

  it('types 12,50 EUR, shows the price with both quotes, switches to Toncoin and is paid in it', async () => {
    const { page, service } = signedIn;
    await service.server.services.pricing.save({ ...DEFAULT_PRICING_SETTINGS, storeCurrency: 'EUR' }, 'test');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
    await page.evaluate(() => {
      location.hash = '#/invoice';
    });
    await page.getByRole('button', { name: 'Open till (keypad)' }).click();
    const till = page.getByTestId('till');
    await till.getByRole('group', { name: 'Keypad' }).waitFor();
    await eventually(() => till.getByTestId('till-display').textContent(), is('0 EUR'));
    expect(await till.getByTestId('till-fiat-note').count()).toBe(1);
    await page.keyboard.type('12,505');
    await eventually(() => till.getByTestId('till-display').textContent(), is('12,50 EUR'));
    await shoot('fiat-keypad');
    await page.keyboard.press('Enter');
    await till.locator('svg.qr').waitFor();

    const [invoice] = await service.server.services.payments.list({ limit: 1 });
    expect(invoice!.pricing?.price).toMatchObject({ amount: '12.50', currency: 'EUR' });
    expect(await till.getByTestId('till-price').textContent()).toBe('12.50 EUR');
    // 12.50 / 0.92 = 13.586956…, rounded up to the micro-USDT; 12.50 / 4.6 to the nanoton
    const usdt = till.getByRole('button', { name: '13.586957 USDT' });
    const ton = till.getByRole('button', { name: '2.717391305 TON' });
    expect(await usdt.getAttribute('aria-pressed')).toBe('true');
    expect(await till.locator('.till-amount').textContent()).toBe('13.586957 USDT');
    expect(await till.getByTestId('till-rate').textContent()).toBe(
      '1 USDT = 0.92 EUR · sandbox rates, fixed for testing, not market',
    );
    await shoot('fiat-payable');

    // the customer chose on their phone's checkout: the till's screen follows through the console's stream
    const chosen = await fetch(`${service.url}/pay/${invoice!.id}/currency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'TON' }),
    });
    expect(chosen.status).toBe(200);
    await eventually(() => till.locator('.till-amount').textContent(), is('2.717391305 TON'));
    expect(await ton.getAttribute('aria-pressed')).toBe('true');
    // and back on the till's own screen, then Toncoin again
    await usdt.click();
    await eventually(() => till.locator('.till-amount').textContent(), is('13.586957 USDT'));
    await ton.click();
    await eventually(() => till.locator('.till-amount').textContent(), is('2.717391305 TON'));
    expect(await ton.getAttribute('aria-pressed')).toBe('true');
    await service.server.simulator!.pay({ paymentId: invoice!.id });
    await eventually(
      () =>
        till
          .getByTestId('till-outcome')
          .textContent()
          .catch(() => null),
      (t) => t === 'Paid — thank you!',
    );
    const paid = await service.server.services.payments.get(invoice!.id);
    expect([paid.status, paid.currency]).toEqual(['paid', 'TON']);
  });
});

describe("the till's keypad in a currency's own decimals", () => {
  const typed = (keys: string[], code: string) => keys.reduce((entry, key) => nextFiatEntry(entry, key, code), '');

  it('types two decimals in EUR, none in JPY, three in KWD', () => {
    expect(typed(['1', '2', ',', '5', '0', '9'], 'EUR')).toBe('12,50');
    expect(typed(['5', '0', '0', '.', '5'], 'JPY')).toBe('5005');
    expect(typed(['1', '.', '2', '5', '0', '1'], 'KWD')).toBe('1.250');
    expect(typed(['0', '7', 'Backspace', '8'], 'EUR')).toBe('8');
  });

  it('reads the entry as the price the invoice states, or says what is wrong', () => {
    expect(parseFiatEntry('12,5', 'EUR')).toEqual({ ok: true, amount: '12.50', units: 1250n });
    expect(parseFiatEntry('500', 'JPY')).toEqual({ ok: true, amount: '500', units: 500n });
    expect(parseFiatEntry(',75', 'EUR')).toEqual({ ok: true, amount: '0.75', units: 75n });
    expect(parseFiatEntry('0,00', 'EUR')).toMatchObject({ ok: false, message: 'The price must be more than zero.' });
    expect(parseFiatEntry('1.234', 'EUR')).toMatchObject({ ok: false, message: 'EUR has 2 decimals.' });
    expect(parseFiatEntry('', 'EUR')).toMatchObject({ ok: false });
  });
});
