/**
 * `npm run screenshots`: every console screen and every checkout state, at desktop and phone width,
 * in the light and the dark theme, written to screenshots/ (ignored by git) from a throwaway sandbox
 * service with real payments in every state. Look at them before calling a screen done.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright';
import { sectionsFor } from '../renderer/routes';
import { STORE_PROFILE_KEY } from '../server/payment-pages/store-profile';
import { ensureBuilt, startConsoleService, type ConsoleService } from '../test/console/console-harness';
import { launchChromium, ShiftedClock } from '../test/e2e/e2e-helpers';

const OUT = resolve(import.meta.dirname, '..', 'screenshots');
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ['light', 'dark'] as const;

interface Cast {
  pending: string;
  partial: string;
  paid: string;
  expired: string;
  cancelled: string;
}

/** One payment in each state a customer or a cashier can meet. */
async function stagePayments(service: ConsoleService, clock: ShiftedClock): Promise<Cast> {
  const { services, simulator } = service.server;
  await services.settings.set(STORE_PROFILE_KEY, { name: 'Corner Café', contact: 'hello@corner.example' });
  const create = async (amount: string, externalId: string, expiresInSeconds = 1800) =>
    (
      await services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount,
        externalId,
        description: 'Coffee and a croissant',
        expiresInSeconds,
      })
    ).payment.id;
  const expired = await create('7.00', 'order-1041', 60);
  clock.offsetMs += 120_000;
  await services.payments.expireDue();
  const paid = await create('12.50', 'order-1042');
  await simulator!.pay({ paymentId: paid });
  const partial = await create('12.50', 'order-1043');
  await simulator!.pay({ paymentId: partial, amount: '4.00' });
  const cancelled = await create('3.20', 'order-1044');
  await services.payments.cancel(cancelled);
  const pending = await create('25.00', 'order-1045');
  const unmatched = await create('5.00', 'order-1046');
  await simulator!.pay({ paymentId: unmatched, case: 'no-comment' });
  await services.webhooks.createEndpoint({ url: 'http://127.0.0.1:9/hook', events: ['payment.paid'] });
  return { pending, partial, paid, expired, cancelled };
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shootConsole(browser: Browser, service: ConsoleService, cast: Cast): Promise<number> {
  const routes = [
    ...sectionsFor('owner').map((s) => s.route),
    ...Object.entries(cast).map(([state, id]) => [`payment/${id}`, `payment-${state}`] as const),
  ];
  let count = 0;
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of THEMES) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        isMobile: size === 'phone',
        hasTouch: size === 'phone',
      });
      const page = await context.newPage();
      await page.goto(await service.loginUrl());
      await page.waitForURL(/\/console\//);
      for (const entry of routes) {
        const [route, name] = typeof entry === 'string' ? [entry, entry] : entry;
        await page.evaluate((r) => {
          location.hash = `#/${r}`;
        }, route);
        await settle(page);
        if (route === 'widget')
          await page
            .frameLocator('[data-testid="widget-frame"]')
            .frameLocator('iframe')
            .locator('[data-field="memo"]')
            .waitFor();
        await shootWhole(page, join(OUT, `console-${name}-${size}-${colorScheme}.png`), route !== 'payments');
        count++;
      }
      count += await shootTill(page, service, cast, `${size}-${colorScheme}`);
      await context.close();
    }
  }
  return count;
}

/**
 * On a desktop the screen scrolls inside its main pane, which a full-page capture cannot see: for the
 * capture the pane grows to its content. Not the payments list, whose rows fill the window by design.
 */
async function shootWhole(page: Page, path: string, growPane: boolean): Promise<void> {
  // through the CSSOM: the console's CSP (rightly) refuses an injected style sheet
  const grow = (on: boolean) =>
    page.evaluate((grown) => {
      const shell = document.querySelector<HTMLElement>('.shell');
      const pane = document.querySelector<HTMLElement>('.main');
      if (shell) shell.style.height = grown ? 'auto' : '';
      if (pane) pane.style.overflow = grown ? 'visible' : '';
    }, on);
  if (growPane) await grow(true);
  await page.screenshot({ path, fullPage: true });
  if (growPane) await grow(false);
}

/** The till as the customer sees it: the keypad, a payable invoice, a part payment, and paid. */
async function shootTill(page: Page, service: ConsoleService, cast: Cast, suffix: string): Promise<number> {
  const shot = (name: string) => page.screenshot({ path: join(OUT, `console-till-${name}-${suffix}.png`) });
  await page.evaluate(() => {
    location.hash = '#/invoice';
  });
  await page.getByRole('button', { name: 'Open till (keypad)' }).click();
  await settle(page);
  await shot('keypad');
  await page.keyboard.press('Escape');
  for (const state of ['pending', 'partial'] as const) {
    await page.evaluate((id) => {
      location.hash = `#/payment/${id}`;
    }, cast[state]);
    await page.getByRole('button', { name: 'Till mode' }).click();
    await page.getByTestId('till').waitFor();
    await settle(page);
    await shot(state);
    await leaveTill(page);
  }
  const { payment } = await service.server.services.payments.create('invoice', {
    currency: 'USDT',
    mainCurrency: 'TON',
    amount: '4.80',
    externalId: `till-${suffix}`,
  });
  await page.evaluate((id) => {
    location.hash = `#/payment/${id}`;
  }, payment.id);
  await page.getByRole('button', { name: 'Till mode' }).click();
  await page.getByTestId('till').waitFor();
  await service.server.simulator!.pay({ paymentId: payment.id });
  await page.getByRole('button', { name: /New sale/ }).waitFor();
  await shot('paid');
  await leaveTill(page);
  return 4;
}

/** Esc to the keypad (keeping a payable payment open when the till asks), Esc again out of the till. */
async function leaveTill(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  const keep = page.getByRole('button', { name: 'Keep it open' });
  await page.locator('dialog.till-leave[open], [data-testid="till-display"]').first().waitFor();
  if (await keep.isVisible()) await keep.click();
  await page.getByTestId('till-display').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('till').waitFor({ state: 'detached' });
}

async function shootCheckout(browser: Browser, service: ConsoleService, cast: Cast): Promise<number> {
  let count = 0;
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of THEMES) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        isMobile: size === 'phone',
        hasTouch: size === 'phone',
      });
      const page = await context.newPage();
      for (const [state, id] of Object.entries(cast)) {
        await page.goto(`${service.url}/pay/${id}`);
        await settle(page);
        await page.screenshot({ path: join(OUT, `checkout-${state}-${size}-${colorScheme}.png`), fullPage: true });
        count++;
      }
      await context.close();
    }
  }
  return count;
}

async function main(): Promise<void> {
  await ensureBuilt();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const clock = new ShiftedClock();
  const service = await startConsoleService({}, undefined, { clock });
  const browser = await launchChromium();
  try {
    const cast = await stagePayments(service, clock);
    const shots = (await shootConsole(browser, service, cast)) + (await shootCheckout(browser, service, cast));
    console.log(`${shots} screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await service.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
