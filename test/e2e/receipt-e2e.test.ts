import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPayment } from '../../contract/payments';
import { STORE_PROFILE_KEY } from '../../server/payment-pages/store-profile';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { launchChromium } from './e2e-helpers';

const SCREENSHOTS = resolve(import.meta.dirname, '..', 'artifacts', 'screenshots');
/** CSS pixels are 1/96 inch: 80 mm = 80 / 25.4 * 96 = 302.36 px, 58 mm = 219.21 px. */
const px = (mm: number): number => (mm / 25.4) * 96;

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** elements whose right edge passes the viewport, as "tag.class right" */
  outside: string[];
}

/** Measured in the page: the document's scroll width, and every element's right edge against the viewport. */
const measure = (page: Page): Promise<Overflow> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 0.5)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${right.toFixed(1)}`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, outside };
  });

/** A paid till sale with a sent refund, opened in Chromium as wide as the thermal paper, on screen and as printed. */
describe('receipt in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let payment: PublicPayment;
  let txHash: string;
  let refundHash: string;

  beforeAll(async () => {
    server = await startTestServer();
    await server.services.settings.set(STORE_PROFILE_KEY, {
      name: 'Corner Coffee & Bakery',
      contact: 'hello@corner-coffee.example',
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': server.apiKey },
      payload: {
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: '12.75',
        externalId: 'ORDER-2024-000123-with-a-rather-long-reference',
        description: '2 × Flat white, 1 × Almond croissant, 1 × Sourdough loaf (whole, sliced)',
      },
    });
    payment = res.json();
    await server.simulator!.pay({ paymentId: payment.id });
    txHash = (await server.services.payments.view(payment.id)).transfers[0]!.txHash;
    const refund = await server.app.inject({
      method: 'POST',
      url: `/crypto/payment/${payment.id}/refunds`,
      headers: { 'x-api-key': server.apiKey },
      payload: { amount: '3.50', reason: 'croissant sold out' },
    });
    const sent = await server.simulator!.refund({ refundId: refund.json().id });
    refundHash = sent.refund.txHash!;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const open = async (paper: '80mm' | '58mm', mm: number) => {
    const page = await browser.newPage({ viewport: { width: Math.floor(px(mm)), height: 900 } });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const res = await page.goto(`${server.url}/pay/${payment.id}/receipt?paper=${paper}`);
    return { page, res: res!, errors };
  };

  it('80 mm: nothing wider than the paper, on screen and printed; the content is all there', async () => {
    const { page, res, errors } = await open('80mm', 80);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-security-policy']).toMatch(/default-src 'none'; style-src 'sha256-/);
    for (const media of ['screen', 'print'] as const) {
      await page.emulateMedia({ media });
      const m = await measure(page);
      expect(m.clientWidth).toBe(302);
      expect(m.scrollWidth, media).toBeLessThanOrEqual(m.clientWidth);
      expect(m.outside, media).toEqual([]);
    }
    // the CSP let the receipt's own style in: the body is laid out at its thermal width
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowWrap)).toBe('anywhere');
    const text = await page.locator('main').innerText();
    for (const expected of [
      'Corner Coffee & Bakery',
      '12.75 USDT',
      'ORDER-2024-000123',
      'Flat white',
      'Almond croissant',
      txHash,
      refundHash,
      'Refunded −3.50 USDT',
    ]) {
      expect(text.replace(/\s+/g, ''), expected).toContain(expected.replace(/\s+/g, ''));
    }
    expect(await page.locator('svg.qr path').count()).toBe(1);
    expect(await page.locator('svg.qr').getAttribute('aria-label')).toContain('QR code');
    expect(errors).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'receipt-80mm.png'), fullPage: true });
    await page.close();
  });

  it('58 mm, printed: still nothing wider than the paper', async () => {
    const { page } = await open('58mm', 58);
    await page.emulateMedia({ media: 'print' });
    const m = await measure(page);
    expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);
    expect(m.outside).toEqual([]);
    await page.close();
  });

  it('prints on the paper it names: an 80 mm wide PDF page', async () => {
    const { page } = await open('80mm', 80);
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    // PDF points are 1/72 inch: 80 mm = 226.77 pt, 297 mm = 841.89 pt
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
    expect(Number(box![1])).toBeCloseTo(226.77, 0);
    expect(Number(box![2])).toBeCloseTo(841.89, 0);
    await page.close();
  });
});
