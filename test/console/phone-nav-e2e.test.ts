import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

/** At phone width the sections fold into a menu that names where you are; every section stays one tap away. */
describe('console navigation at phone width', () => {
  let service: ConsoleService;
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  /** Every section, and a paid payment's detail, with rows in each table (a delivery log, transfers). */
  async function stageScreens(): Promise<string[]> {
    const { services, simulator } = service.server;
    await services.webhooks.createEndpoint({ url: 'http://127.0.0.1:9/hook', events: ['payment.paid'] });
    const { payment } = await services.payments.create('invoice', {
      currency: 'USDT',
      mainCurrency: 'TON',
      amount: '12.50',
      externalId: 'order-phone-width-with-a-long-reference',
    });
    await simulator!.pay({ paymentId: payment.id });
    return [
      'dashboard',
      'invoice',
      'payments',
      'unmatched',
      'simulator',
      'webhooks',
      'widget',
      'settings',
      `payment/${payment.id}`,
    ];
  }

  it('fits every screen to the phone: nothing is wider than 390 px, and long pages scroll the document', async () => {
    const routes = await stageScreens();
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(await service.loginUrl());
      await page.waitForURL(/\/console\//);
      const widths: Record<string, number> = {};
      for (const route of routes) {
        await page.evaluate((r) => {
          location.hash = `#/${r}`;
        }, route);
        await page.locator('h1').first().waitFor();
        if (route === 'webhooks') await page.getByTestId('delivery-log').locator('tbody tr').first().waitFor();
        widths[route] = await page.evaluate(() => document.documentElement.scrollWidth);
      }
      expect(widths).toEqual(Object.fromEntries(routes.map((r) => [r, 390])));
      // the settings screen is longer than the phone: the page itself scrolls, so the browser's bars fold away
      await page.evaluate(() => {
        location.hash = '#/settings';
      });
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844);
    } finally {
      await browser.close();
    }
  });

  it('opens the menu, lists every section with its name, and closes after a pick', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(await service.loginUrl());
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      const nav = page.getByRole('navigation', { name: 'Console' });
      expect(await nav.isVisible()).toBe(false);
      await toggle.tap();
      await nav.waitFor();
      const links = nav.getByRole('link');
      expect(await links.allTextContents()).toEqual([
        'Dashboard',
        'New invoice',
        'Payments',
        'Close day',
        'Unmatched',
        'Simulator',
        'Webhooks',
        'Widget preview',
        'Audit log',
        'Settings',
      ]);
      for (const link of await links.all()) {
        const box = await link.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      await nav.getByRole('link', { name: 'Payments' }).tap();
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      await nav.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
      await page.getByRole('button', { name: /theme/ }).waitFor({ state: 'hidden' });
    } finally {
      await browser.close();
    }
  });
});
