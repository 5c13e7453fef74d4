import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFailed } from 'vitest';
import { parseConfig } from '../../server/config/config';
import { startServer, type RunningServer } from '../../server/index';
import { buildWeb } from '../../scripts/build-web';
import { launchChromium } from '../../scripts/chromium';
import type { Clock } from '../../server/util/clock';
import { tempDir } from '../helpers/test-app';

// which Chromium and with which flags is decided once, in scripts/chromium.ts, for the scripts and benchmarks too
export { launchChromium };

export interface Service {
  server: RunningServer;
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/** The real service: sandbox chain, SQLite and HTTP on 127.0.0.1:0, with freshly built browser bundles. */
export async function startService(options: { clock?: Clock } = {}): Promise<Service> {
  await buildWeb();
  const dir = tempDir('tontill-e2e-');
  const server = await startServer(
    parseConfig({ dataDir: dir.path, port: 0, rateLimit: { enabled: false } }),
    options.clock ? { clock: options.clock } : {},
  );
  const { key } = await server.services.apiKeys.create('e2e');
  return {
    server,
    url: server.url,
    apiKey: key,
    async close() {
      await server.close();
      dir.remove();
    },
  };
}

export interface WidgetSession {
  signature: string;
  paymentId: string;
  payment: { memo: string; amount: string };
}

/** What a merchant backend does: POST /invoice/widgets with its API key. */
export async function createWidgetSession(service: Service, body: Record<string, unknown>): Promise<WidgetSession> {
  const res = await fetch(`${service.url}/invoice/widgets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '12.50', ...body }),
  });
  if (!res.ok) throw new Error(`POST /invoice/widgets: ${res.status} ${await res.text()}`);
  return (await res.json()) as WidgetSession;
}

export async function createDeposit(
  service: Service,
  body: Record<string, unknown>,
): Promise<{ id: string; url: string; memo: string }> {
  const res = await fetch(`${service.url}/invoice/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '7.25', ...body }),
  });
  if (!res.ok) throw new Error(`POST /invoice/deposit: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; url: string; memo: string };
}

/** A merchant's web server on its own origin: pages are registered by path and served as HTML (scripts: paths ending in .js). */
export class MerchantSite {
  readonly pages = new Map<string, string>();
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<MerchantSite> {
    let site: MerchantSite | null = null;
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const html = site?.pages.get(path) ?? '<!doctype html><title>Thanks</title><h1>Merchant page</h1>';
      const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = new MerchantSite(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return site;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The spec's integration: CSP meta with frame-src, the widget script, a container with a signature and a height. */
export function merchantPage(o: {
  service: string;
  containers: Array<{ id: string; signature: string }>;
  init: string;
  script?: string;
}): string {
  const script = o.script ?? `<script src="${o.service}/widgets/index-latest.js"></script>`;
  const boxes = o.containers
    .map((c) => `<div id="${c.id}" signature="${attr(c.signature)}" style="height:480px"></div>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${o.service}">
<title>Shop</title>${script}</head><body><h1>Shop checkout</h1>
${boxes}
<script>
window.events = [];
window.domEvents = [];
document.addEventListener('servicewidget', (e) => window.domEvents.push(e.detail.type + ':' + e.target.id));
if (!window.ServiceWidget || typeof window.ServiceWidget.init !== 'function') console.error('ServiceWidget missing');
${o.init}
</script></body></html>`;
}

/**
 * Waits until `ok(read())` holds, however long it takes: the test runner's timeout is the only limit,
 * so a slow CI machine never turns into a flaky assertion. Returns the value that satisfied it.
 */
export async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const seen: { last?: T; settled: boolean } = { settled: false };
  sayOnFailure(() => (seen.settled ? null : `eventually: still waiting; last read ${JSON.stringify(seen.last)}`));
  for (;;) {
    const value = await read();
    seen.last = value;
    if (ok(value)) {
      seen.settled = true;
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A wait that ends in the runner's timeout says nothing of what it saw: this says it (in a test; hooks have no failure). */
function sayOnFailure(message: () => string | null): void {
  try {
    onTestFailed(() => {
      const text = message();
      if (text) console.error(text);
    });
  } catch {
    // called from a hook, where vitest has no test to watch
  }
}

export const is =
  (expected: unknown) =>
  (value: unknown): boolean =>
    value === expected;
export const includes =
  (expected: string) =>
  (value: string | readonly string[] | null): boolean =>
    !!value && value.includes(expected);

/** Real time plus an offset the test moves forward: expiry without waiting half an hour. */
export class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
}

/** The stage of an embedding test: the real service, a shop page and a stranger's page on other ports, and Chromium. */
export interface EmbedStage {
  service: Service;
  shop: MerchantSite;
  stranger: MerchantSite;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** what the page logged in its console during the current test */
  consoleLines: string[];
}

/** Registers the hooks that set the stage up once per file and give each test a fresh browser context. */
export function embedStage(): EmbedStage {
  const stage = { consoleLines: [] as string[] } as EmbedStage;
  beforeAll(async () => {
    [stage.service, stage.shop, stage.stranger, stage.browser] = await Promise.all([
      startService(),
      MerchantSite.start(),
      MerchantSite.start(),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await stage.browser?.close();
    await Promise.all([stage.shop?.close(), stage.stranger?.close(), stage.service?.close()]);
  });
  beforeEach(async () => {
    stage.context = await stage.browser.newContext({ locale: 'en-US' });
    stage.context.setDefaultTimeout(0);
    stage.page = await stage.context.newPage();
    stage.consoleLines.length = 0;
    stage.page.on('console', (m) => stage.consoleLines.push(`${m.type()}: ${m.text()}`));
  });
  afterEach(async () => {
    await stage.context.close();
  });
  return stage;
}
