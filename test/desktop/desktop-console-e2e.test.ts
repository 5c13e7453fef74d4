// The desktop console in real Chromium: main (with a fake electron) starts the real service and
// computes the URL its window loads; Chromium opens exactly that URL, without the preload bridge
// (the renderer must work without window.tontill). So the browser tests of the console cover the
// desktop window too, and this one proves the widget preview's checkout frame is not blocked there.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopApp, type DesktopApp } from '../../main/app/create-desktop-app';
import { isConsoleUrl } from '../../main/security/console-url';
import { toServicePort, type ServicePort } from '../../main/service/service-port';
import { CONSOLE_COOKIE } from '../../server/auth/guards';
import { parseConfig } from '../../server/config/config';
import { startServer } from '../../server/index';
import { ensureBuilt } from '../console/console-harness';
import { eventually, launchChromium } from '../e2e/e2e-helpers';
import { tempDir } from '../helpers/test-app';
import { createFakeElectron, type FakeElectron } from './fake-electron';

const dir = tempDir('tontill-desktop-e2e-');
let electron: FakeElectron;
let desktop: DesktopApp;
let browser: Browser;
let page: Page;
const errors: string[] = [];

async function startService(userDataDir: string): Promise<ServicePort> {
  const config = parseConfig({ dataDir: userDataDir, host: '127.0.0.1', port: 0, rateLimit: { enabled: false } });
  return toServicePort(await startServer(config), config.dataDir, CONSOLE_COOKIE);
}

const windowUrl = () => electron.windows[0]!.loadedUrls[0]!;
const serviceUrl = () => desktop.service()!.url;

describe('the desktop console, as its window loads it, in Chromium', () => {
  beforeAll(async () => {
    await ensureBuilt();
    electron = createFakeElectron({ userData: join(dir.path, 'userData') });
    desktop = createDesktopApp(electron, {
      startService,
      preloadPath: '/app/dist/desktop/preload.cjs',
      version: '0.1.0',
    })!;
    electron.app.becomeReady();
    await desktop.ready;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/the server responded with a status of 4\d\d/.test(msg.text()))
        errors.push(`console: ${msg.text()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await desktop?.service()?.close();
    dir.remove();
  });

  it("signs in through the URL main loads and lands on the console, where main's guards let it stay", async () => {
    await page.goto(windowUrl());
    await page.waitForURL(/\/console\/(#.*)?$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).origin).toBe(serviceUrl());
    expect(electron.windows[0]!.webContents.navigate(page.url())).toBe(true);
    // The page Chromium shows is the one IPC trusts, in the top frame.
    const top = { contentsId: electron.windows[0]!.webContents.id, frameUrl: page.url() };
    await expect(electron.ipcMain.invoke('app:get-info', top)).resolves.toMatchObject({ version: '0.1.0' });
    expect(isConsoleUrl(page.url(), serviceUrl())).toBe(true);
  });

  it('shows the widget preview with its checkout frame loaded, not blocked, and refuses that frame IPC', async () => {
    await page.evaluate(() => {
      location.hash = '#/widget';
    });
    await eventually(
      () =>
        page
          .getByTestId('widget-events')
          .textContent()
          .catch(() => ''),
      (t) => !!t && t.includes('loaded'),
    );
    const checkout = await eventually(
      () => page.frames().find((f) => new URL(f.url()).pathname === '/embed'),
      (f) => f !== undefined,
    );
    expect(new URL(checkout!.url()).origin).toBe(serviceUrl());
    await expect(
      eventually(
        () => checkout!.locator('body *').count(),
        (n) => n > 0,
      ),
    ).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/desktop-console-widget-preview.png' });
    // Same origin as the console now: only the frame check keeps the session from it.
    const framed = { contentsId: electron.windows[0]!.webContents.id, frameUrl: checkout!.url(), isMainFrame: false };
    await expect(electron.ipcMain.invoke('session:get', framed)).rejects.toThrow(/refused/);
    // No CSP violation, no refused frame, no page error on the way.
    expect(errors).toEqual([]);
  });
});
