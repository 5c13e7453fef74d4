import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/test-app';
import {
  createWidgetSession,
  eventually,
  includes,
  is,
  launchChromium,
  startService,
  type Service,
} from './e2e-helpers';
import { bundleWithVite, installInto, packWidget, StaticShop } from './widget-package-helpers';

/** The spec's page: CSP frame-src for the service, a container carrying the signature, and the widget. */
const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' __SERVICE__">
<link rel="icon" href="data:,"><title>Plain shop</title></head><body><h1>Plain shop</h1>
<div id="pay" signature="__SIGNATURE__" style="height:480px"></div>
${script}
</body></html>`;

// Events are read from the container's DOM events: the spec's option table has no callbacks.
const RECORD = `window.events = [];
document.addEventListener('servicewidget', (e) => window.events.push(e.detail.type + ':' + (e.detail.status || e.detail.code)));`;

/**
 * What an integrator does with the npm package and the spec alone: `npm pack` the widget, install the
 * tarball into an empty project, bundle it with vite (or drop its script file into a plain page), call
 * init with nothing but `container`, and pay through the running service.
 */
describe('the packed @tontill/widget in a plain project, in Chromium', () => {
  let service: Service;
  let dir: { path: string; remove(): void };
  let project: string;
  let shop: StaticShop;
  let browser: Browser;
  let context: BrowserContext;
  let tab: Page;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startService(), launchChromium()]);
    dir = tempDir('tontill-widget-pkg-');
    project = join(dir.path, 'shop');
    mkdirSync(project);
    const tarball = await packWidget(join(dir.path, 'pack'));
    await installInto(project, tarball);
    writeFileSync(
      join(project, 'main.js'),
      `import { init } from '@tontill/widget';\n${RECORD}\ninit({ container: '#pay' });\n`,
    );
    writeFileSync(join(project, 'index.html'), page('<script type="module" src="./main.js"></script>'));
    await bundleWithVite(project);
    writeFileSync(
      join(project, 'plain.html'),
      page(`<script src="node_modules/@tontill/widget/dist/index.global.js"></script>
<script>${RECORD}
ServiceWidget.init({ container: '#pay' });</script>`),
    );
    shop = await StaticShop.start(project);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.close(), service?.close()]);
    dir?.remove();
  });
  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(0);
    tab = await context.newPage();
    consoleLines.length = 0;
    tab.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  });
  afterEach(async () => {
    await context.close();
  });

  const eventsOf = () => tab.evaluate(() => (window as unknown as { events?: string[] }).events ?? []);

  /**
   * Renders the shop page for a fresh session created with the spec's fields only (no allowedOrigins:
   * the sandbox lets any origin frame it, and the widget says so), waits for the checkout, pays it on
   * the sandbox chain, and waits for `paid`.
   */
  async function payThrough(path: string): Promise<void> {
    const s = await createWidgetSession(service, { amount: '6.00' });
    shop.vars = { SERVICE: service.url, SIGNATURE: s.signature };
    await tab.goto(`${shop.origin}${path}`);
    // Either the checkout is framed or the widget said why not: fail on the reason, not on a timeout.
    await eventually(
      async () => (await tab.locator('#pay iframe').count()) > 0 || consoleLines.some((l) => l.startsWith('error')),
      Boolean,
    );
    expect(consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
    const frame = tab.frameLocator('#pay iframe');
    await eventually(() => frame.locator('[data-field="memo"]').textContent(), is(s.payment.memo));
    expect(await tab.locator('#pay iframe').getAttribute('src')).toMatch(new RegExp(`^${service.url}/embed\\?`));
    await eventually(eventsOf, includes('loaded:pending'));
    const result = await service.server.simulator!.pay({ paymentId: s.paymentId });
    expect(result.payment.status).toBe('paid');
    await eventually(eventsOf, includes('paid:paid'));
    await eventually(() => consoleLines.join('\n'), includes('sandbox: any origin may frame this checkout'));
    expect(consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
  }

  it('the tarball holds the module build with its declarations and the script build', () => {
    const installed = join(project, 'node_modules/@tontill/widget');
    expect(readdirSync(installed).sort()).toEqual(['README.md', 'dist', 'package.json']);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual([
      'index.d.ts',
      'index.global.js',
      'index.js',
      'types.d.ts',
    ]);
  });

  it('bundled with vite, init({ container }) alone embeds the checkout and reports paid', async () => {
    await payThrough('/dist/');
  });

  it("a plain HTML page loading the package's script file does the same", async () => {
    await payThrough('/plain.html');
  });
});
