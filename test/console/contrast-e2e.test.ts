import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionsFor } from '../../renderer/routes';
import { lowContrastText, type LowContrast } from '../helpers/contrast';
import {
  ensureBuilt,
  openConsole,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

/**
 * Text contrast of at least 4.5:1 on every console screen and every checkout state, in both themes,
 * measured on the rendered pages rather than read from the stylesheet: a colour token can pass on
 * one surface and fail on another (a badge on a soft background, muted text on a card).
 */
let service: ConsoleService;
const ids: { paid?: string; pending?: string; cancelled?: string } = {};

async function settle(page: Page): Promise<void> {
  // Screens fetch on mount; measure what they render once their requests are done.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function measure(page: Page, where: string): Promise<Array<LowContrast & { where: string }>> {
  await settle(page);
  return (await lowContrastText(page)).map((f) => ({ ...f, where }));
}

/** One line per distinct element and colour pair, so a failure reads as a to-do list. */
function report(failures: Array<LowContrast & { where: string }>): string[] {
  const lines = new Map<string, string>();
  for (const f of failures) {
    const key = `${f.selector} ${f.color} ${f.background}`;
    if (!lines.has(key))
      lines.set(key, `${f.ratio}:1 ${f.selector} "${f.text}" ${f.color} on ${f.background} (${f.where})`);
  }
  return [...lines.values()];
}

describe('text contrast in both themes', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    const { payments } = service.server.services;
    const create = async (amount: string, externalId: string) =>
      (await payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount, externalId })).payment;
    const paid = await create('12.50', 'order-paid');
    await service.server.simulator!.pay({ paymentId: paid.id });
    const pending = await create('3.00', 'order-pending');
    await service.server.simulator!.pay({ paymentId: pending.id, amount: '1.00' });
    const cancelled = await create('4.00', 'order-cancelled');
    await payments.cancel(cancelled.id);
    const unmatched = await create('5.00', 'order-unmatched');
    await service.server.simulator!.pay({ paymentId: unmatched.id, case: 'no-comment' });
    Object.assign(ids, { paid: paid.id, pending: pending.id, cancelled: cancelled.id });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`every console screen meets 4.5:1 in the ${theme} theme`, async () => {
      const ui: ConsoleBrowser = await openConsole(service, { colorScheme: theme });
      try {
        const failures: Array<LowContrast & { where: string }> = [];
        const routes = [...sectionsFor('owner').map((s) => s.route), `payment/${ids.paid}`, `payment/${ids.pending}`];
        for (const route of routes) {
          await ui.page.evaluate((r) => {
            location.hash = `#/${r}`;
          }, route);
          failures.push(...(await measure(ui.page, route)));
        }
        expect(report(failures)).toEqual([]);
      } finally {
        await ui.browser.close();
      }
    });

    it(`every checkout state meets 4.5:1 in the ${theme} theme`, async () => {
      const ui: ConsoleBrowser = await openConsole(service, { colorScheme: theme });
      try {
        const failures: Array<LowContrast & { where: string }> = [];
        for (const [state, id] of Object.entries(ids)) {
          await ui.page.goto(`${service.url}/pay/${id}`);
          failures.push(...(await measure(ui.page, `checkout ${state}`)));
        }
        expect(report(failures)).toEqual([]);
      } finally {
        await ui.browser.close();
      }
    });
  }
});
