import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWidgetSession, eventually, includes, is, launchChromium, MerchantSite, startService, type Service } from './e2e-helpers';

interface Seen {
  via: 'dom' | 'option';
  type: string;
  code?: string;
  message?: string;
  container: string;
}

/** A merchant page with its own CSP, one container per signature, and a recorder of every widget event. */
function shopPage(o: { csp: string; service: string; boxes: Array<{ id: string; signature?: string }>; init: string }): string {
  const boxes = o.boxes.map((b) => `<div id="${b.id}"${b.signature === undefined ? '' : ` signature="${b.signature}"`} style="height:420px"></div>`);
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta http-equiv="Content-Security-Policy" content="${o.csp}">
<title>Shop</title><script src="${o.service}/widgets/index-latest.js"></script></head><body>
${boxes.join('\n')}
<script>
window.seen = [];
const keep = (via) => (e) => window.seen.push({ via, type: e.type, code: e.code, message: e.message, container: e.container.id });
document.addEventListener('servicewidget', (e) => keep('dom')(e.detail));
${o.init.replaceAll('ON_ERROR', "onError: keep('option')")}
</script></body></html>`;
}

/** The widget's `error` event, against the real service: refusals, a check that cannot be made, and a frame that never loads. */
describe('ServiceWidget errors, in Chromium', () => {
  let service: Service;
  let shop: MerchantSite;
  let stranger: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    [service, shop, stranger, browser] = await Promise.all([startService(), MerchantSite.start(), MerchantSite.start(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shop?.close(), stranger?.close(), service?.close()]);
  });
  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(0);
    page = await context.newPage();
    consoleLines.length = 0;
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  });
  afterEach(async () => {
    await context.close();
  });

  const seenOf = () => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
  const errorsOf = async () => (await seenOf()).filter((e) => e.type === 'error');
  const frameSrc = (service: string) => `frame-src 'self' ${service}`;

  it('a page the session does not name gets ORIGIN_NOT_ALLOWED and a readable notice, in both modes, without a frame', async () => {
    const [a, b] = await Promise.all([0, 1].map(() => createWidgetSession(service, { allowedOrigins: [shop.origin] })));
    stranger.pages.set('/pay', shopPage({
      csp: frameSrc(service.url), service: service.url, boxes: [{ id: 'frame', signature: a!.signature }, { id: 'button', signature: b!.signature }],
      init: `ServiceWidget.init({ container: '#frame', ON_ERROR });
ServiceWidget.init({ container: '#button', mode: 'small-widgets', ON_ERROR });`,
    }));
    await page.goto(`${stranger.origin}/pay`);
    const errors = await eventually(errorsOf, (list) => list.length === 4);
    expect(errors.map((e) => `${e.via}:${e.container}:${e.code}`).sort()).toEqual([
      'dom:button:ORIGIN_NOT_ALLOWED', 'dom:frame:ORIGIN_NOT_ALLOWED', 'option:button:ORIGIN_NOT_ALLOWED', 'option:frame:ORIGIN_NOT_ALLOWED',
    ]);
    expect(errors[0]!.message).toContain(stranger.origin);
    for (const id of ['frame', 'button']) {
      expect(await page.locator(`#${id} [role="alert"]`).innerText()).toContain('This checkout cannot be shown on this site');
      expect(await page.locator(`#${id} [role="alert"]`).innerText()).toContain(stranger.origin);
    }
    expect(await page.locator('iframe, #button button').count()).toBe(0);
    expect((await seenOf()).filter((e) => e.type !== 'error')).toEqual([]);
    expect(consoleLines.join('\n')).toContain('(ORIGIN_NOT_ALLOWED)');
  });

  it('a container without a signature gets SIGNATURE_MISSING and a notice', async () => {
    shop.pages.set('/nosig', shopPage({ csp: frameSrc(service.url), service: service.url, boxes: [{ id: 'pay' }], init: `ServiceWidget.init({ container: '#pay', ON_ERROR });` }));
    await page.goto(`${shop.origin}/nosig`);
    expect((await errorsOf()).map((e) => `${e.via}:${e.code}`)).toEqual(['option:SIGNATURE_MISSING', 'dom:SIGNATURE_MISSING']);
    expect(await page.locator('#pay [role="alert"]').getAttribute('data-servicewidget-error')).toBe('SIGNATURE_MISSING');
  });

  it('when the check cannot be made (CSP connect-src), the checkout is framed anyway', async () => {
    const s = await createWidgetSession(service, { allowedOrigins: [shop.origin] });
    shop.pages.set('/noconnect', shopPage({
      csp: `connect-src 'none'; ${frameSrc(service.url)}`, service: service.url, boxes: [{ id: 'pay', signature: s.signature }],
      init: `ServiceWidget.init({ container: '#pay', ON_ERROR });`,
    }));
    await page.goto(`${shop.origin}/noconnect`);
    await eventually(() => page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(), is(s.payment.memo));
    await eventually(async () => (await seenOf()).map((e) => e.type), includes('loaded'));
    expect(consoleLines.join('\n')).toContain('could not ask the service whether this page may embed the checkout');
    expect(await errorsOf()).toEqual([]);
  });

  it('a frame that never reports loaded (frame-src forgot the service) becomes LOAD_TIMEOUT after 15 s', async () => {
    const s = await createWidgetSession(service, { allowedOrigins: [shop.origin] });
    shop.pages.set('/nocsp', shopPage({
      csp: "frame-src 'self'", service: service.url, boxes: [{ id: 'pay', signature: s.signature }], init: `ServiceWidget.init({ container: '#pay', ON_ERROR });`,
    }));
    // The page's timers run on a fake clock: the test moves it 15 s on instead of waiting.
    await page.clock.install();
    await page.goto(`${shop.origin}/nocsp`);
    await eventually(() => page.locator('#pay iframe').count(), is(1));
    await page.clock.fastForward(14_000);
    expect(await errorsOf()).toEqual([]);
    await page.clock.fastForward(1_000);
    const errors = await eventually(errorsOf, (list) => list.length === 2);
    expect(errors.map((e) => `${e.via}:${e.code}`)).toEqual(['option:LOAD_TIMEOUT', 'dom:LOAD_TIMEOUT']);
    expect(errors[0]!.message).toContain(`frame-src list ${service.url}`);
  });

  it('serviceUrl overrides the service the signature names', async () => {
    const s = await createWidgetSession(service, { allowedOrigins: [shop.origin] });
    const byName = service.url.replace('127.0.0.1', 'localhost');
    shop.pages.set('/override', shopPage({
      csp: frameSrc(byName), service: service.url, boxes: [{ id: 'pay', signature: s.signature }],
      init: `ServiceWidget.init({ container: '#pay', serviceUrl: '${byName}', ON_ERROR });`,
    }));
    await page.goto(`${shop.origin}/override`);
    await eventually(() => page.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(), is(s.payment.memo));
    expect(await page.locator('#pay iframe').getAttribute('src')).toMatch(new RegExp(`^${byName}/embed\\?`));
    await eventually(async () => (await seenOf()).map((e) => e.type), includes('loaded'));
    expect(await errorsOf()).toEqual([]);
  });
});
