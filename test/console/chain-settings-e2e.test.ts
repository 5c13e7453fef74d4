import { Address } from '@ton/core';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfigFile } from '../../server/console-api/settings-file';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

/**
 * Sandbox vs mainnet as the merchant meets it in the console (Chromium, the real service): the
 * banner saying no real money moves, the confirmation before real money follows, restart to apply,
 * and where a toncenter key comes from.
 */
let service: ConsoleService;
let double: ToncenterDouble;
let ui: ConsoleBrowser;
let page: Page;
let auth: Record<string, string>;

const go = async (route: string) => {
  await page.evaluate((r) => {
    location.hash = `#/${r}`;
  }, route);
};
const banner = () => page.getByTestId('mode-banner');
const notice = () => page.getByTestId('restart-notice');
const savedMode = () => (readConfigFile(service.dataDir).chain as { mode?: string } | undefined)?.mode;
async function settingsView() {
  const res = await fetch(`${service.url}/console/api/settings`, { headers: auth });
  return (await res.json()) as { running: unknown; saved: unknown; restartRequired: boolean };
}

describe('sandbox vs mainnet in the console', () => {
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService();
    double = await startToncenterDouble(); // answers no get method: a mainnet chain through it cannot open
    auth = { authorization: `Bearer ${await service.server.services.sessions.createSession()}` };
    ui = await openConsole(service);
    page = ui.page;
  }, 120_000);

  afterAll(async () => {
    await ui?.browser.close();
    await double?.close();
    await service?.close();
  });

  it('says on every screen that the sandbox moves no real money, without covering the content, at 390 px too', async () => {
    for (const route of ['dashboard', 'payments', 'settings']) {
      await go(route);
      await expect.poll(() => banner().textContent()).toBe('Sandbox — payments are simulated, no real money moves.');
      expect(await banner().getAttribute('role')).toBe('status');
    }
    await screenshot(page, 'mode-banner-sandbox');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const box = (await banner().boundingBox())!;
      const main = (await page.locator('#main').boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(main.y);
      await screenshot(page, 'mode-banner-sandbox-phone');
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });

  it('explains beside the toncenter key field where to get a key and what it changes', async () => {
    await go('settings');
    const hint = page.locator('#s-key-hint');
    await hint.waitFor();
    expect(await page.getByLabel('Toncenter API key').getAttribute('aria-describedby')).toBe('s-key-hint');
    const text = await hint.textContent();
    for (const words of ['@tonapibot', 'toncenter.com', 'about 1 request a second', '10'])
      expect(text).toContain(words);
  });

  it('restart to apply: the saved settings run at once and the notice leaves', async () => {
    await go('settings');
    await page.getByLabel('Invoice expiry (minutes)').fill('40');
    await page.getByRole('button', { name: 'Validate and save' }).click();
    await notice().waitFor();
    expect((await settingsView()).restartRequired).toBe(true);
    await notice().getByRole('button', { name: 'Restart to apply' }).click();
    await notice().waitFor({ state: 'detached' });
    const view = await settingsView();
    expect(view.restartRequired).toBe(false);
    expect(view.running).toEqual(view.saved);
    expect(view.running).toMatchObject({ payments: { defaultExpirySeconds: 2400 } });
  });

  it('asks before switching to mainnet, naming the wallet: Cancel keeps the saved mode, Confirm saves', async () => {
    const wallet = new Address(0, Buffer.alloc(32, 5)).toString({ testOnly: false });
    await go('settings');
    await page.locator('.segmented label', { hasText: 'mainnet' }).click();
    await page.getByLabel(/Wallet address/).fill(wallet);
    await page.getByLabel(/Toncenter endpoint/).fill(double.endpoint);
    await page.getByRole('button', { name: 'Validate and save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to mainnet?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(wallet);
    await screenshot(page, 'mainnet-confirm');
    await dialog.getByRole('button', { name: "Don't switch" }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(savedMode()).toBe('sandbox');
    expect(await notice().count()).toBe(0);

    await page.getByRole('button', { name: 'Validate and save' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Switch to mainnet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await notice().waitFor();
    expect(savedMode()).toBe('mainnet');
    expect(readConfigFile(service.dataDir).chain).toMatchObject({ merchantAddress: wallet });
  });

  it('a restart that cannot open the saved chain says why inline, and the sandbox keeps running', async () => {
    await go('settings');
    await notice().getByRole('button', { name: 'Restart to apply' }).click();
    const problem = notice().locator('[data-field="chain"]');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('keeps running');
    expect(await notice().getByRole('button', { name: 'Restart to apply' }).isEnabled()).toBe(true);
    expect(await banner().textContent()).toContain('Sandbox');
    await screenshot(page, 'restart-failed');
  });
});
