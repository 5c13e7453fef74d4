import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

declare global {
  interface Window {
    /** the pages the stubbed print() was called in */
    printed?: string[];
  }
}

const ZONE = 'Europe/Berlin';
/** "09:42": the hour and minute in the store's zone, 24-hour, as the console and the receipt write them. */
const berlinClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
const MM_PX = 96 / 25.4;

/**
 * Times a person reads are in the store's time zone and name it, whatever the browser's zone; and
 * the receipt is printed on the paper the console remembers, each paper laid out within its width.
 */
describe("times in the store's zone, and the receipt's paper, in Chromium against the real service", () => {
  const signedIn = useSignedInConsole();
  let page: Page;
  const printedPages = () => page.evaluate(() => window.printed ?? []);

  beforeAll(async () => {
    page = signedIn.page;
    await signedIn.service.server.services.settings.set('store_time_zone', ZONE);
    await signedIn.ui.context.addInitScript(() => {
      window.print = () => {
        window.top!.printed = [...(window.top!.printed ?? []), location.href];
        dispatchEvent(new Event('afterprint'));
      };
    });
  });

  it("the desk's payment card says when the invoice expires in the store's zone, naming it", async () => {
    await page.goto(`${signedIn.service.url}/console/#/invoice`);
    await page.getByLabel('Amount (USDT)').fill('4.20');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const card = page.getByTestId('invoice-card');
    await card.waitFor();
    const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
    const expires = new Date(payment!.expiresAt).toISOString();
    await eventually(
      () => card.textContent(),
      (t) => !!t && t.includes(`${berlinClock(expires)} ${ZONE}`),
    );
  });

  it("the receipt says when it was paid in the store's zone, naming it, not UTC", async () => {
    const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
    await signedIn.service.server.simulator!.pay({ paymentId: payment!.id });
    const paid = await eventually(
      () => signedIn.service.server.services.payments.find(payment!.id),
      (p) => p?.status === 'paid',
    );
    const paidAt = new Date(paid!.paidAt!).toISOString();
    await page.goto(`${signedIn.service.url}/pay/${payment!.id}/receipt`);
    const text = (await page.locator('main.receipt').textContent())!;
    expect(text).toContain(`${berlinClock(paidAt)} ${ZONE}`);
    expect(text).not.toContain('UTC');
  });

  it('the console remembers the paper chosen and prints on it', async () => {
    const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
    await page.goto(`${signedIn.service.url}/console/#/payment/${payment!.id}`);
    await page.getByLabel('Receipt paper').selectOption('58mm');
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await eventually(printedPages, (pages) => pages.length === 1);
    expect(await printedPages()).toEqual([`${signedIn.service.url}/pay/${payment!.id}/receipt?paper=58mm`]);
    await page.reload();
    await page.getByRole('button', { name: 'Print receipt' }).waitFor();
    expect(await page.getByLabel('Receipt paper').inputValue()).toBe('58mm');
  });

  for (const [paper, widthMm] of [
    ['58mm', 58],
    ['80mm', 80],
    ['a4', 210],
  ] as const) {
    it(`the ${paper} receipt prints within its width`, async () => {
      const [payment] = await signedIn.service.server.services.payments.list({ limit: 1 });
      await page.setViewportSize({ width: Math.floor(widthMm * MM_PX), height: 900 });
      await page.emulateMedia({ media: 'print' });
      await page.goto(`${signedIn.service.url}/pay/${payment!.id}/receipt?paper=${paper}`);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll).toBeLessThanOrEqual(client);
      const pdf = await page.pdf({ preferCSSPageSize: true });
      // the PDF's first page box: /MediaBox [0 0 w h] in points (1 mm = 72 / 25.4 pt)
      const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
      expect(Math.round((Number(box![1]) * 25.4) / 72)).toBe(widthMm);
      await page.emulateMedia({ media: 'screen' });
    });
  }
});
