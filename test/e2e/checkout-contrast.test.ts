import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowContrastText, type LowContrast } from '../helpers/contrast';
import { tinyPng } from '../helpers/tiny-png';
import {
  createDeposit,
  createWidgetSession,
  eventually,
  is,
  launchChromium,
  ShiftedClock,
  startService,
  type Service,
} from './e2e-helpers';

/**
 * The hosted checkout in both colour schemes, at desktop and phone size: every visible text at least
 * 4.5:1, the page actually dark when the browser asks for dark (a light page would pass trivially),
 * and the QR code dark on white in both, since wallet cameras cannot read an inverted code.
 */
const SHOTS = join(tmpdir(), 'tontill-checkout-contrast');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const STORE = { name: 'Coffee Corner', contact: 'help@coffee.example' };

type Failure = LowContrast & { where: string };

/** The relative luminance of a computed CSS colour (rgb()/rgba() as Chromium reports it). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const s = Number(v) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('the checkout meets 4.5:1 in the light and the dark theme, in Chromium', () => {
  let service: Service;
  let browser: Browser;
  const ids: Record<'open' | 'partial' | 'paid' | 'cancelled' | 'expired', string> = {
    open: '',
    partial: '',
    paid: '',
    cancelled: '',
    expired: '',
  };
  const clock = new ShiftedClock();
  let embedUrl = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [service, browser] = await Promise.all([startService({ clock }), launchChromium()]);
    const { settings, payments } = service.server.services;
    await settings.set('storeProfile', STORE);
    await settings.set('storeLogo', { type: 'image/png', data: tinyPng().toString('base64') });
    const sim = service.server.simulator!;
    const deposit = (externalId: string) =>
      createDeposit(service, { externalId, description: 'Order #1042: 2 × coffee beans' });
    // Expired first, part paid: moving the service's clock on expires every payment open at that moment.
    ids.expired = (await deposit('ORDER-0')).id;
    await sim.pay({ paymentId: ids.expired, amount: '2.25' });
    clock.offsetMs += 31 * 60_000;
    await eventually(async () => (await payments.find(ids.expired))?.status, is('expired'));
    ids.open = (await deposit('ORDER-1')).id;
    ids.partial = (await deposit('ORDER-2')).id;
    await sim.pay({ paymentId: ids.partial, amount: '2.25' });
    ids.paid = (await deposit('ORDER-3')).id;
    await sim.pay({ paymentId: ids.paid });
    ids.cancelled = (await deposit('ORDER-4')).id;
    await payments.cancel(ids.cancelled);
    const session = await createWidgetSession(service, { externalId: 'ORDER-5' });
    embedUrl = `${service.url}/embed?signature=${encodeURIComponent(session.signature)}&parent=${encodeURIComponent('https://shop.example')}`;
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  /** Opens one state, waits for what marks it rendered, and returns its low-contrast texts. */
  async function measure(page: Page, where: string, url: string, ready: string): Promise<Failure[]> {
    await page.goto(url);
    await page.locator(ready).first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SHOTS, `${where}.png`), fullPage: true });
    return (await lowContrastText(page)).map((f) => ({ ...f, where }));
  }

  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      it(`every checkout state, ${scheme}, ${size}`, async () => {
        const context = await browser.newContext({ colorScheme: scheme, viewport, locale: 'en-US', timezoneId: 'UTC' });
        context.setDefaultTimeout(0);
        try {
          const page = await context.newPage();
          const at = (state: string) => `${state}-${scheme}-${size}`;
          const failures: Failure[] = [];
          failures.push(...(await measure(page, at('open'), `${service.url}/pay/${ids.open}`, 'svg.qr')));

          // The page follows the scheme: dark surfaces and light text in dark, and the reverse in light.
          const colours = await page.evaluate(() => ({
            body: getComputedStyle(document.body).backgroundColor,
            card: getComputedStyle(document.querySelector('.card')!).backgroundColor,
            text: getComputedStyle(document.querySelector('h1')!).color,
            qr: getComputedStyle(document.querySelector('svg.qr rect')!).fill,
            modules: getComputedStyle(document.querySelector('svg.qr path')!).fill,
          }));
          expect(luminance(colours.card) < 0.05, `card ${colours.card} in ${scheme}`).toBe(scheme === 'dark');
          expect(luminance(colours.body) < 0.05, `page ${colours.body} in ${scheme}`).toBe(scheme === 'dark');
          expect(luminance(colours.text) > 0.5, `text ${colours.text} in ${scheme}`).toBe(scheme === 'dark');
          expect([colours.qr, colours.modules]).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);

          failures.push(...(await measure(page, at('partial'), `${service.url}/pay/${ids.partial}`, '.partial')));
          failures.push(...(await measure(page, at('paid'), `${service.url}/pay/${ids.paid}`, '.end-paid')));
          failures.push(
            ...(await measure(page, at('cancelled'), `${service.url}/pay/${ids.cancelled}`, '.end-cancelled')),
          );
          failures.push(...(await measure(page, at('error'), `${service.url}/pay/no-such-payment`, '.error h1')));
          failures.push(...(await measure(page, at('embedded'), embedUrl, 'svg.qr')));
          expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
          failures.push(
            ...(await measure(page, at('expired'), `${service.url}/pay/${ids.expired}`, '.end-expired .end-contact a')),
          );

          expect(
            failures.map((f) => `${f.ratio}:1 ${f.selector} "${f.text}" ${f.color} on ${f.background} (${f.where})`),
          ).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
