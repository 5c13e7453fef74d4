import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineTimeZone } from '../../server/settings/time-zone';
import {
  createDeposit,
  createWidgetSession,
  eventually,
  includes,
  is,
  launchChromium,
  MerchantSite,
  merchantPage,
  ShiftedClock,
  startService,
  type Service,
} from './e2e-helpers';

const SHOTS = join(import.meta.dirname, '../artifacts/screenshots');
const STORE = { name: 'Coffee Corner', contact: 'help@coffee.example' };

/** Nothing on a screen may still take money: no QR, no wallet link, no address to copy. */
async function expectNothingPayable(scope: Page | FrameLocator | Frame): Promise<void> {
  expect(await scope.locator('svg.qr').count()).toBe(0);
  expect(await scope.locator('a[href^="ton://"], a[href*="tonkeeper"], a[href^="https://t.me/"]').count()).toBe(0);
  expect(await scope.locator('[data-field="address"], [data-field="memo"]').count()).toBe(0);
}

/** The time of day the checkout names, as a browser in UTC with en-US writes it. */
/** "14:05 Europe/Berlin": the page says the time in the store's zone (the machine's, none being set) and names it. */
const clockTime = (iso: string): string =>
  `${new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: machineTimeZone() }).format(new Date(iso))} ${machineTimeZone()}`;

/** Every closed state of a payment, on the hosted page and in the widget: what happened and what to do, never a way to pay. */
describe('closed payments are never payable, in Chromium', () => {
  let service: Service;
  let shop: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const clock = new ShiftedClock();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [service, shop, browser] = await Promise.all([startService({ clock }), MerchantSite.start(), launchChromium()]);
    await service.server.services.settings.set('storeProfile', STORE);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.close(), service?.close()]);
  });
  const open = async () => {
    context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(0);
    page = await context.newPage();
  };
  afterEach(async () => {
    await context?.close();
  });
  const expiresAtOf = async (id: string) =>
    ((await (await fetch(`${service.url}/pay/${id}/status`)).json()) as { expiresAt: string }).expiresAt;

  it('a cancelled payment shows what happened, the order and whom to ask; nothing to pay', async () => {
    await open();
    const deposit = await createDeposit(service, { externalId: 'ORDER-7' });
    await page.goto(deposit.url);
    await page.locator('svg.qr').waitFor();
    expect(await page.locator('[data-field="order"]').textContent()).toBe('Order ORDER-7');
    await service.server.services.payments.cancel(deposit.id);
    await eventually(() => page.locator('h1').textContent(), is('This payment was cancelled'));
    await expectNothingPayable(page);
    expect(await page.locator('[data-field="order"]').textContent()).toBe('Order ORDER-7');
    expect(await page.locator('.store-name').textContent()).toBe(STORE.name);
    expect(await page.locator(`a[href="mailto:${STORE.contact}"]`).count()).toBe(1);
  });

  it('a page left open when the payment runs out stops being payable at once, even before the service answers', async () => {
    await open();
    await page.clock.install();
    const deposit = await createDeposit(service, { externalId: 'ORDER-8' });
    await page.goto(deposit.url);
    await page.locator('svg.qr').waitFor();
    // The customer's connection drops: only the page's own clock can tell that the time is up.
    await page.route('**/pay/*/status', (route) => route.abort());
    await page.route('**/pay/*/events', (route) => route.abort());
    await page.clock.fastForward('30:05');
    await eventually(
      () => page.locator('h1').textContent(),
      is(`This invoice expired at ${clockTime(await expiresAtOf(deposit.id))}`),
    );
    await expectNothingPayable(page);
    expect(await page.locator('.end-contact').textContent()).toBe(
      `Already paid? Contact ${STORE.name}: ${STORE.contact}`,
    );
    expect(await page.locator('[data-field="order"]').textContent()).toBe('Order ORDER-8');
  });

  it('the widget shows no way to pay once its payment expires, and a late transfer still turns it paid', async () => {
    await open();
    const session = await createWidgetSession(service, { allowedOrigins: [shop.origin], externalId: 'ORDER-9' });
    shop.pages.set(
      '/closed',
      merchantPage({
        service: service.url,
        containers: [{ id: 'pay', signature: session.signature }],
        init: `ServiceWidget.init({ container: '#pay' });`,
      }),
    );
    const partial = await createDeposit(service, { externalId: 'ORDER-10' });
    await service.server.simulator!.pay({ paymentId: partial.id, amount: '2.25' });
    await page.goto(`${shop.origin}/closed`);
    const frame = page.frameLocator('#pay iframe');
    await frame.locator('svg.qr').waitFor();

    // Moving the service's clock expires every open payment, this widget's and the partly paid one.
    clock.offsetMs += 31 * 60_000;
    await eventually(() => frame.locator('h1').textContent(), includes('This invoice expired at'));
    await expectNothingPayable(frame);
    expect(await frame.locator('[data-field="order"]').textContent()).toBe('Order ORDER-9');
    expect(await frame.locator('.end-contact').textContent()).toContain('Already paid? Contact Coffee Corner');
    await page.screenshot({ path: join(SHOTS, 'epp-expired-phone.png'), fullPage: true });

    // Partly paid, then expired: the customer learns what arrived and whom to ask about the rest.
    const hosted = await context.newPage();
    await hosted.goto(partial.url);
    await eventually(() => hosted.locator('h1').textContent(), includes('This invoice expired at'));
    await expectNothingPayable(hosted);
    expect(await hosted.locator('.end-partial').textContent()).toBe('Received 2.25 of 7.25 USDT before it expired.');
    await hosted.screenshot({ path: join(SHOTS, 'hpp-expired-partial-phone.png'), fullPage: true });

    // A late transfer inside the monitoring window still completes the widget's payment.
    await service.server.simulator!.pay({ paymentId: session.paymentId });
    await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
    await expectNothingPayable(frame);
    expect(await frame.locator('[data-field="order"]').textContent()).toBe('Order ORDER-9');
  });
});
