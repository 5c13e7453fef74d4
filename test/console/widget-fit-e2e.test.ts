import type { Frame, Locator } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, is } from '../e2e/e2e-helpers';
import { useSignedInConsole } from './console-harness';

/** Every console line of every frame, warnings included: Chromium's sandbox warning is one. */
const lines: string[] = [];

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box): boolean =>
  inner.y >= outer.y - 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5 &&
  inner.x >= outer.x - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5;
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/** The checkout frame inside the widget's iframe, once its memo is shown. */
async function checkoutFrame(widgetIframe: Locator): Promise<Frame> {
  const frame = (await (await widgetIframe.elementHandle())!.contentFrame())!;
  await frame.locator('[data-field="memo"]').waitFor();
  return frame;
}

/** What the checkout needs and what its frame gives it, once they agree (the resize travels by postMessage). */
async function fitted(
  widgetIframe: Locator,
  checkout: Frame,
): Promise<{ frame: number; scroll: number; content: number }> {
  const read = async () => ({
    frame: await widgetIframe.evaluate((f) => f.clientHeight),
    scroll: await checkout.evaluate(() => document.documentElement.scrollHeight),
    content: await checkout.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height)),
  });
  return eventually(read, (s) => s.frame === s.content);
}

describe('the widget preview and the demo shop size to the checkout, in Chromium', () => {
  const signedIn = useSignedInConsole();
  beforeAll(() => {
    signedIn.page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  });

  it('previews the checkout at 520 px whole: the pay button and the memo inside the frame, no inner scrollbar', async () => {
    const { page } = signedIn;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => {
      location.hash = '#/widget';
    });
    await expect(page.getByLabel('Container height').inputValue()).resolves.toBe('520px');
    const preview = page.locator('[data-testid=widget-frame]');
    const widgetIframe = page.frameLocator('[data-testid=widget-frame]').locator('#pay iframe');
    await widgetIframe.waitFor();
    const checkout = await checkoutFrame(widgetIframe);
    const size = await fitted(widgetIframe, checkout);
    expect(size.frame).toBeGreaterThanOrEqual(size.scroll);
    // the console's frame around the preview page grows with it too
    await eventually(async () => inside(await box(widgetIframe), await box(preview)), is(true));
    for (const part of [
      checkout.getByRole('button', { name: 'Pay with the sandbox test wallet' }),
      checkout.locator('[data-field="memo"]'),
    ]) {
      const b = await box(part);
      expect(inside(b, await box(widgetIframe))).toBe(true);
      expect(inside(b, await box(preview))).toBe(true);
    }
    await page.screenshot({ path: '/tmp/c2-preview-desktop.png', fullPage: true });
  });

  it('the demo shop leaves no blank area after a payment: the frame is exactly as tall as the checkout', async () => {
    const { page } = signedIn;
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${signedIn.service.url}/demo/merchant`);
      const widgetIframe = page.locator('#pay iframe');
      const checkout = await checkoutFrame(widgetIframe);
      await fitted(widgetIframe, checkout);
      await checkout.getByRole('button', { name: 'Pay with the sandbox test wallet' }).click();
      await checkout.getByRole('heading', { name: 'Payment received' }).waitFor();
      const size = await fitted(widgetIframe, checkout);
      expect(size.frame).toBeGreaterThanOrEqual(size.scroll);
      // the shop's container hugs the frame: no blank area under the "paid" screen
      const container = await page.locator('#pay').evaluate((el) => el.clientHeight);
      expect(container).toBe(size.frame);
      await page.screenshot({ path: `/tmp/c2-demo-paid-${viewport.width}.png`, fullPage: true });
    }
  });

  it('logs no sandbox warning in any frame', () => {
    expect(lines.filter((l) => /sandbox/i.test(l) && !/sandbox test wallet|any origin may frame/i.test(l))).toEqual([]);
  });
});
