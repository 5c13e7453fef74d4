import type { Browser, BrowserContext, Frame } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWidgetSession,
  launchChromium,
  MerchantSite,
  merchantPage,
  startService,
  type Service,
} from '../e2e/e2e-helpers';

/**
 * The embedded checkout (EPP, /embed?signature=…) framed by a shop through the widget, in Chromium:
 * its own script context may ask for the wallet request, read the wallets list, and reach the
 * wallets' bridges, and its CSP refuses any other host.
 */
describe('the wallet request from the embedded checkout', () => {
  let service: Service;
  let shop: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  /** the https requests the page's CSP let through to the network */
  const reachedNetwork: string[] = [];
  beforeAll(async () => {
    [service, shop, browser] = await Promise.all([startService(), MerchantSite.start(), launchChromium()]);
    context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(0);
    // Nothing leaves the machine: a request the CSP lets through to another host is answered here.
    await context.route(/^https:\/\//, (route) => {
      reachedNetwork.push(route.request().url());
      return route.abort('connectionrefused');
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await Promise.all([shop?.close(), service?.close()]);
  });

  async function embeddedCheckout(): Promise<{ frame: Frame; paymentId: string }> {
    const session = await createWidgetSession(service, { allowedOrigins: [shop.origin], amount: '4.20' });
    shop.pages.set(
      '/checkout',
      merchantPage({
        service: service.url,
        containers: [{ id: 'pay', signature: session.signature }],
        init: `ServiceWidget.init({ container: '#pay' });`,
      }),
    );
    const page = await context.newPage();
    await page.goto(`${shop.origin}/checkout`);
    await page.frameLocator('#pay iframe').locator('[data-field="memo"]').waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(`${service.url}/embed`))!;
    return { frame, paymentId: session.paymentId };
  }

  it('asks for the request relative to the page, as the status is read, and gets it', async () => {
    const { frame, paymentId } = await embeddedCheckout();
    const payer = service.server.chain.sandbox!.payerAddress.toRawString();
    const answer = await frame.evaluate(
      async ({ id, payer }) => {
        const res = await fetch(`pay/${encodeURIComponent(id)}/wallet-request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payer, network: '-3' }),
        });
        const wallets = (await (await fetch('tonconnect/wallets.json')).json()) as { app_name: string }[];
        return { status: res.status, body: await res.json(), wallets: wallets.map((w) => w.app_name) };
      },
      { id: paymentId, payer },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ network: '-3', from: payer, messages: [{ amount: '50000000' }] });
    expect(answer.wallets).toContain('tontill-sandbox');
  });

  it("lets the page reach a listed wallet's bridge and no other host", async () => {
    const { frame } = await embeddedCheckout();
    reachedNetwork.length = 0;
    // Each fetch settles only once the browser decided: refused by the CSP, or sent (and aborted above).
    await frame.evaluate(async () => {
      const attempts = ['https://bridge.tonapi.io/bridge/events', 'https://tracker.example/collect'];
      await Promise.all(attempts.map((url) => fetch(url).catch(() => null)));
    });
    expect(reachedNetwork).toEqual(['https://bridge.tonapi.io/bridge/events']);
  });
});
