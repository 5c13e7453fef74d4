import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as pw } from 'playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/e2e-helpers';
import { ensureBuilt, startConsoleService, type ConsoleService } from './console-harness';

const CONSOLE_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../dist/console');

/** Every file of the built console with this ending, read. */
function builtFiles(ending: string): { path: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  return walk(CONSOLE_DIST)
    .filter((path) => path.endsWith(ending))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/**
 * The console ships its own typeface: the same letters on a machine without a system UI font, and
 * never a request to a font CDN (the console's CSP allows fonts from itself only).
 */
describe("the console's own font", () => {
  let service: ConsoleService;
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it('is a woff2 in the built console, referenced by its CSS from the same origin, with no external URL', () => {
    const css = builtFiles('.css');
    expect(css.length).toBeGreaterThan(0);
    const fontUrls = css.flatMap(({ path, text }) =>
      [...text.matchAll(/url\(\s*['"]?([^'")]+\.woff2)['"]?\s*\)/g)].map((m) => ({ path, url: m[1]! })),
    );
    expect(fontUrls.length).toBeGreaterThan(0);
    for (const { path, url } of fontUrls) {
      expect(url).not.toMatch(/^(https?:)?\/\//);
      expect(existsSync(join(dirname(path), url))).toBe(true);
    }
    for (const { text } of [...css, ...builtFiles('.html')]) expect(text).not.toMatch(/(https?:)?\/\/fonts\./);
    expect(css.some(({ text }) => /font-family:\s*['"]?Inter Variable/.test(text))).toBe(true);
  });

  it('loads in Chromium under the console CSP, from the service itself', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const problems: string[] = [];
      const fonts: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) problems.push(msg.text());
      });
      page.on('request', (req) => {
        if (!req.url().startsWith(service.url) && !req.url().startsWith('data:'))
          problems.push(`off-origin: ${req.url()}`);
        if (req.resourceType() === 'font') fonts.push(req.url());
      });
      await page.goto(await service.loginUrl());
      await page.waitForURL(/\/console\/(#.*)?$/);
      await pw(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('14px "Inter Variable"'))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
      expect(fonts.length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
