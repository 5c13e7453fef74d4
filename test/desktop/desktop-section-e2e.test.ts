// The Settings page's "Desktop app" section in real Chromium on the real service's console. The
// Electron preload cannot run here, so a test bridge defined with addInitScript plays
// window.tontill (the only stand-in): it keeps the preferences in memory and hands out a real
// session. A plain browser context has no bridge and must show no section.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_PREFERENCES, type DesktopPreferences } from '../../contract/desktop';
import { ensureBuilt, SCREENSHOTS, startConsoleService, type ConsoleService } from '../console/console-harness';
import { launchChromium } from '../e2e/e2e-helpers';

let service: ConsoleService;
let browser: Browser;
const errors: string[] = [];

async function newPage(
  bridge: { token: string; serviceUrl: string; preferences: DesktopPreferences } | null,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 1100 } });
  if (bridge) {
    await context.addInitScript((init) => {
      let preferences = init.preferences;
      const saved: unknown[] = [];
      // Plays main's updater: idle without a feed; once one is saved, each question finds it further along.
      let updates: unknown[] = [{ state: 'idle', message: 'no update feed configured' }];
      Object.assign(window, { __desktopSaved: saved });
      Object.defineProperty(window, 'tontill', {
        value: Object.freeze({
          getSession: async () => ({ token: init.token, serviceUrl: init.serviceUrl }),
          openExternal: async () => false,
          appInfo: async () => ({ version: '0.0.0-test', dataDir: '/test' }),
          getPreferences: async () => preferences,
          setPreferences: async (next: DesktopPreferences) => {
            saved.push(next);
            preferences = next;
            if (next.updates.feedUrl) {
              updates = [
                { state: 'checking' },
                { state: 'downloading', version: '0.2.0', percent: 40 },
                { state: 'ready', version: '0.2.0' },
              ];
            }
            return { ok: true, preferences: next };
          },
          updateState: async () => (updates.length > 1 ? updates.shift() : updates[0]),
        }),
      });
    }, bridge);
  }
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/the server responded with a status of 4\d\d/.test(msg.text()))
      errors.push(`console: ${msg.text()}`);
  });
  await page.goto(await service.loginUrl());
  await page.waitForURL(/\/console\/(#.*)?$/);
  await page.goto(`${service.url}/console/#/settings`);
  await page.getByRole('heading', { name: 'Data', exact: true }).waitFor();
  return page;
}

describe('the Desktop app section of Settings', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('is absent in a plain browser', async () => {
    const page = await newPage(null);
    expect(await page.getByTestId('desktop-section').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Desktop app' }).count()).toBe(0);
  });

  it('with the bridge: shows the preferences, says a non-https feed is refused beside the field, saves through the bridge', async () => {
    const token = await service.server.services.sessions.createSession();
    const page = await newPage({ token, serviceUrl: service.url, preferences: DEFAULT_DESKTOP_PREFERENCES });
    const section = page.getByTestId('desktop-section');
    await section.getByRole('heading', { name: 'Desktop app' }).waitFor();
    for (const label of [
      'A payment is paid',
      'A payment is partly paid',
      'A transfer matches no payment',
      'A backup fails',
    ]) {
      expect(await section.getByLabel(label).isChecked(), label).toBe(true);
    }
    expect(await section.getByLabel(/Start TonTill when I log in/).isChecked()).toBe(false);
    await expect
      .poll(() => section.getByTestId('desktop-update-state').textContent(), { timeout: 20_000 })
      .toBe('Updates: no update feed configured.');

    await section.getByLabel('A payment is paid').uncheck();
    await section.getByLabel(/Start TonTill when I log in/).check();
    const feed = section.getByLabel('Update feed');
    await feed.fill('http://updates.shop.example/tontill/');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('must be an https:// URL').waitFor();
    expect(await feed.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __desktopSaved: unknown[] }).__desktopSaved)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await section.screenshot({ path: join(SCREENSHOTS, 'desktop-section-feed-error.png') });

    await feed.fill('https://updates.shop.example/tontill/');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Desktop app settings saved.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __desktopSaved: unknown[] }).__desktopSaved)).toEqual([
      {
        notifications: { paid: false, partiallyPaid: true, unmatched: true, backupFailed: true },
        openAtLogin: true,
        updates: { feedUrl: 'https://updates.shop.example/tontill/' },
      },
    ]);
    expect(await feed.getAttribute('aria-invalid')).toBe('false');
    // The new feed is checked at once; the section asks again while the updater works.
    await expect
      .poll(() => section.getByTestId('desktop-update-state').textContent(), { timeout: 20_000 })
      .toBe('TonTill 0.2.0 is downloaded and checked. Quit TonTill to install it (you will be asked).');
    await section.screenshot({ path: join(SCREENSHOTS, 'desktop-section.png') });
    expect(errors).toEqual([]);
  });
});
