import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright';

/**
 * The console screen at 1440×900 and 390×844, light and dark, as `<dir>/<name>-<width>-<scheme>.png`,
 * with `subject` scrolled into view. The console's theme follows the scheme it loaded with, so it is
 * set as its toggle sets it; the page is left light at 1360×860, where the tests run.
 */
export async function shootConsole(page: Page, dir: string, name: string, subject?: Locator): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), colorScheme);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await subject?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.setViewportSize({ width: 1360, height: 860 });
}
