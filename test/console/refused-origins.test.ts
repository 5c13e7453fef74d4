import type { BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_ALLOWED_ORIGINS_KEY } from '../../server/payment-pages/embed-access';
import { readRefusals } from '../../server/payment-pages/refused-origins';
import { eventually, includes, is, MerchantSite, merchantPage } from '../e2e/e2e-helpers';
import {
  ensureBuilt,
  openConsole,
  screenshot,
  startConsoleService,
  type ConsoleBrowser,
  type ConsoleService,
} from './console-harness';

const STORE = 'https://store.example';

/**
 * The approval flow: a shop page the store's list does not name tries to embed the checkout and is
 * refused; the console shows that origin, one click allows it, and the same page then embeds.
 */
describe('refused embedding origins in the console, in Chromium', () => {
  let service: ConsoleService;
  let ui: ConsoleBrowser;
  let shop: MerchantSite;
  let shopContext: BrowserContext;
  let shopPage: Page;
  let signature: string;
  let memo: string;

  beforeAll(async () => {
    await ensureBuilt();
    [service, shop] = await Promise.all([startConsoleService(), MerchantSite.start()]);
    // A store list makes even the sandbox strict: only listed origins may frame its checkouts.
    await service.server.services.settings.set(STORE_ALLOWED_ORIGINS_KEY, [STORE]);
    const { key } = await service.server.services.apiKeys.create('shop backend');
    const res = await fetch(`${service.url}/invoice/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '9.00' }),
    });
    ({
      signature,
      payment: { memo },
    } = (await res.json()) as { signature: string; payment: { memo: string } });
    shop.pages.set(
      '/checkout',
      merchantPage({
        service: service.url,
        containers: [{ id: 'pay', signature }],
        init: `document.addEventListener('servicewidget:error', (e) => window.events.push(e.detail.code));
ServiceWidget.init({ container: '#pay' });`,
      }),
    );
    ui = await openConsole(service);
    shopContext = await ui.browser.newContext();
    shopContext.setDefaultTimeout(0);
    shopPage = await shopContext.newPage();
  }, 120_000);

  afterAll(async () => {
    await ui?.browser.close();
    await shop?.close();
    await service?.close();
  });

  const shopEvents = () => shopPage.evaluate(() => (window as unknown as { events: string[] }).events);

  it('records the refused shop origin and shows it in settings', async () => {
    await shopPage.goto(`${shop.origin}/checkout`);
    await eventually(shopEvents, includes('ORIGIN_NOT_ALLOWED'));
    expect((await readRefusals(service.server.services.settings)).map((r) => r.origin)).toEqual([shop.origin]);

    await ui.page.evaluate(() => {
      location.hash = '#/settings';
    });
    const row = ui.page.locator(`[data-testid="embedding-requests"] tr[data-origin="${shop.origin}"]`);
    await row.waitFor();
    expect(await row.locator('code').textContent()).toBe(shop.origin);
    await screenshot(ui.page, 'settings-embedding-requests');
  });

  it('allows it in one click: the store list gains it, the request disappears, and the shop page embeds', async () => {
    await ui.page.getByRole('button', { name: `Allow ${shop.origin}` }).click();
    await eventually(() => ui.page.locator('[data-testid="embedding-requests"]').count(), is(0));
    expect(await service.server.services.settings.get(STORE_ALLOWED_ORIGINS_KEY)).toEqual([STORE, shop.origin]);
    expect(await readRefusals(service.server.services.settings)).toEqual([]);
    expect(await ui.page.getByLabel(/Allowed embedding origins/).inputValue()).toBe(`${STORE}\n${shop.origin}`);

    await shopPage.reload();
    await eventually(() => shopPage.frameLocator('#pay iframe').locator('[data-field="memo"]').textContent(), is(memo));
    expect(await shopEvents()).toEqual([]);
    expect(ui.errors).toEqual([]);
  });

  it('dismisses a request without allowing it', async () => {
    const stranger = 'https://stranger.example';
    const res = await fetch(`${service.url}/widgets/embed-check?signature=${encodeURIComponent(signature)}`, {
      headers: { origin: stranger },
    });
    expect(res.status).toBe(403);
    await ui.page.reload();
    await ui.page.getByRole('button', { name: `Dismiss ${stranger}` }).click();
    await eventually(() => ui.page.locator('[data-testid="embedding-requests"]').count(), is(0));
    expect(await readRefusals(service.server.services.settings)).toEqual([]);
    expect(await service.server.services.settings.get(STORE_ALLOWED_ORIGINS_KEY)).toEqual([STORE, shop.origin]);
  });
});
