import type { TupleItem } from '@ton/core';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/build-web';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { readRefusals } from '../../server/payment-pages/refused-origins';
import { parseConfig } from '../../server/config/config';
import { startServer } from '../../server/index';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { tempDir } from '../helpers/test-app';
import {
  createWidgetSession,
  eventually,
  includes,
  is,
  launchChromium,
  MerchantSite,
  startService,
  type Service,
} from './e2e-helpers';

/**
 * The integration a developer writes from the spec alone: backend calls POST /invoice/widgets with
 * the spec's fields only (no allowedOrigins), the page has the CSP meta, index-latest.js, a container
 * with the signature attribute and ServiceWidget.init({ container }). Nothing else.
 */
function specPage(serviceUrl: string, signature: string): { html: string; script: string } {
  const hppUrl = serviceUrl;
  const widgetsUrl = `${serviceUrl}/widgets`;
  const html = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${hppUrl}">
<title>Shop</title>
<script src="${widgetsUrl}/index-latest.js"></script>
</head><body><h1>Checkout</h1>
<div id="pay" signature="${signature}" style="height:480px"></div>
<script src="/shop.js"></script>
</body></html>`;
  // Spec usage rule 3: log an error when the global or its init is missing after loading.
  const script = `if (!window.ServiceWidget || typeof window.ServiceWidget.init !== 'function') console.error('ServiceWidget is missing');
else ServiceWidget.init({ container: '#pay' });
`;
  return { html, script };
}

interface Seen {
  type: string;
  status?: string;
  code?: string;
  message?: string;
  at: number;
}

/** Test instrumentation, not part of the merchant page: records the widget's DOM events as they bubble. */
function recordWidgetEvents(): void {
  const w = window as unknown as { seen: Seen[] };
  w.seen = [];
  document.addEventListener('servicewidget', (e) => {
    const d = (e as CustomEvent<Record<string, unknown>>).detail;
    w.seen.push({
      type: String(d.type),
      status: d.status as string,
      code: d.code as string,
      message: d.message as string,
      at: e.timeStamp,
    });
  });
}

const seenOf = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
const typesOf = async (page: Page) => (await seenOf(page)).map((e) => (e.status ? `${e.type}:${e.status}` : e.type));

/** The service in mainnet mode, reading a loopback toncenter double whose get-methods a sandbox chain answers. */
async function startMainnetService(): Promise<{ service: Service; double: ToncenterDouble }> {
  await buildWeb();
  const chain = await SandboxChain.open();
  const source = chain.source();
  const double = await startToncenterDouble({
    runGetMethod: async (address, method, stack) => ({
      exitCode: 0,
      stack: readAll(await source.runGetMethod(address, method, stack)),
    }),
  });
  const dir = tempDir('tontill-e2e-mainnet-');
  const server = await startServer(
    parseConfig({
      dataDir: dir.path,
      port: 0,
      rateLimit: { enabled: false },
      chain: {
        mode: 'mainnet',
        merchantAddress: chain.merchantAddress.toString({ testOnly: false }),
        jettonMaster: chain.jettonMaster.toString({ testOnly: false }),
        toncenterEndpoint: double.endpoint,
        toncenterRps: 1000,
        pollIntervalMs: 600_000,
      },
    }),
  );
  const { key } = await server.services.apiKeys.create('e2e');
  const service: Service = {
    server,
    url: server.url,
    apiKey: key,
    async close() {
      await server.close();
      dir.remove();
    },
  };
  return { service, double };
}

function readAll(reader: { remaining: number; pop(): TupleItem }): TupleItem[] {
  const items: TupleItem[] = [];
  while (reader.remaining > 0) items.push(reader.pop());
  return items;
}

describe('a merchant page written from the spec alone, in Chromium', () => {
  let shop: MerchantSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    [shop, browser] = await Promise.all([MerchantSite.start(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(0);
    await context.addInitScript(recordWidgetEvents);
    page = await context.newPage();
    consoleLines.length = 0;
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  });
  afterEach(async () => {
    await context.close();
  });

  const open = async (service: Service, signature: string) => {
    const { html, script } = specPage(service.url, signature);
    shop.pages.set('/checkout', html);
    shop.pages.set('/shop.js', script);
    await page.goto(`${shop.origin}/checkout`);
  };

  describe('sandbox mode, a session without allowedOrigins', () => {
    let service: Service;
    beforeAll(async () => {
      service = await startService();
    });
    afterAll(async () => {
      await service?.close();
    });

    it('embeds the checkout, says in the console that any origin may frame it, and sees paid after a simulated transfer', async () => {
      const s = await createWidgetSession(service, {});
      await open(service, s.signature);
      const frame = page.frameLocator('#pay iframe');
      await eventually(() => frame.locator('[data-field="memo"]').textContent(), is(s.payment.memo));
      await eventually(() => typesOf(page), includes('loaded:pending'));
      // The framed checkout says why it may be shown here, so nobody mistakes this for production behaviour.
      await eventually(() => consoleLines.join('\n'), includes('may be embedded by any origin'));
      await eventually(
        () => consoleLines.join('\n'),
        (text) => /\[ServiceWidget\].*any origin/.test(text),
      );

      const result = await service.server.simulator!.pay({ paymentId: s.paymentId });
      expect(result.payment.status).toBe('paid');
      await eventually(() => frame.locator('h1').textContent(), is('Payment received'));
      await eventually(() => typesOf(page), includes('paid:paid'));
      expect(consoleLines.filter((l) => l.startsWith('error'))).toEqual([]);
    });
  });

  describe('mainnet mode, no allowedOrigins and an empty store list', () => {
    let service: Service;
    let double: ToncenterDouble;
    beforeAll(async () => {
      ({ service, double } = await startMainnetService());
    });
    afterAll(async () => {
      await service?.close();
      await double?.close();
    });

    it('gets an error event ORIGIN_NOT_ALLOWED quickly, a readable message in the container, and the console learns the origin', async () => {
      const s = await createWidgetSession(service, {});
      await open(service, s.signature);
      const seen = await eventually(
        () => seenOf(page),
        (events) => events.some((e) => e.type === 'error'),
      );
      const error = seen.find((e) => e.type === 'error')!;
      expect(error.code).toBe('ORIGIN_NOT_ALLOWED');
      expect(error.message).toContain(shop.origin);
      // init runs as soon as shop.js has arrived; the event's timestamp is on the same clock.
      const initAt = await page.evaluate(
        () =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
            r.name.endsWith('/shop.js'),
          )!.responseEnd,
      );
      console.info(`[spec-only embed] ORIGIN_NOT_ALLOWED error event ${Math.round(error.at - initAt)} ms after init`);
      expect(seen.filter((e) => e.type !== 'error')).toEqual([]);
      await eventually(
        () => page.locator('#pay').innerText(),
        (text) => text.includes(shop.origin) && /allow/i.test(text),
      );
      expect((await readRefusals(service.server.services.settings)).map((r) => r.origin)).toEqual([shop.origin]);
    });
  });
});
