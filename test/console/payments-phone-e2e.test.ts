// The payments table on a phone (390 x 844): each payment a stacked card, all of it on the screen,
// nothing wider than the viewport and nothing that scrolls sideways unannounced.
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

const PHONE = { width: 390, height: 844 };

describe('the payments table at phone width, in Chromium', () => {
  let service: ConsoleService;
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it('shows each payment as a card with every element inside the 390 px viewport', async () => {
    const { services } = service.server;
    for (const [i, description] of ['A rather long description of a bulk order of mugs and cups', 'Tea'].entries())
      await services.payments.create('invoice', {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: `${1234 + i}.50`,
        externalId: `order-phone-width-with-a-long-reference-${i}`,
        description,
      });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(await service.loginUrl());
      await page.waitForURL(/\/console\//);
      await page.evaluate(() => {
        location.hash = '#/payments';
      });
      const row = page.getByTestId('payment-row').first();
      await pw(row).toContainText('1,235.50');
      // every part of the card is on the screen, not clipped off its right edge
      for (const cell of ['.c-status', '.c-amount', '.c-ref', '.c-date', '.c-memo', '.c-id']) {
        const box = await row.locator(cell).boundingBox();
        expect(box, cell).not.toBeNull();
        expect(box!.x + box!.width, cell).toBeLessThanOrEqual(PHONE.width);
      }
      const tooWide = await page.evaluate((viewport) => {
        const wide: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('.payments-page *')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.right > viewport + 0.5 || r.width > viewport)
            wide.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
        return wide;
      }, PHONE.width);
      expect(tooWide).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    } finally {
      await browser.close();
    }
  });
});
