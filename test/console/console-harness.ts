import { existsSync, mkdirSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { buildWeb } from '../../scripts/build-web';
import { parseConfig, type ConfigInput } from '../../server/config/config';
import { startServer, type RunningServer, type StartOptions } from '../../server/index';
import { launchChromium } from '../e2e/e2e-helpers';
import { tempDir } from '../helpers/test-app';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SCREENSHOTS = join(ROOT, 'test/artifacts/screenshots');
const CONSOLE_INDEX = join(ROOT, 'dist/console/index.html');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the console (vite) when dist/console is missing or older than renderer/, and the widget bundles. */
export async function ensureBuilt(): Promise<void> {
  const stale = !existsSync(CONSOLE_INDEX) || statSync(CONSOLE_INDEX).mtimeMs < newestSource(join(ROOT, 'renderer'));
  if (stale) await build({ configFile: join(ROOT, 'renderer/vite.config.ts'), logLevel: 'warn' });
  await buildWeb();
}

export interface ConsoleService {
  server: RunningServer;
  url: string;
  dataDir: string;
  loginUrl(): Promise<string>;
  close(): Promise<void>;
}

/** The real service (sandbox chain, real clock) in a temp dir, as `npm run serve` runs it. */
export async function startConsoleService(
  config: Partial<ConfigInput> = {},
  dataDir?: string,
  options: StartOptions = {},
): Promise<ConsoleService> {
  const dir = dataDir ? null : tempDir('tontill-console-');
  const path = dataDir ?? dir!.path;
  const server = await startServer(
    parseConfig({ dataDir: path, port: 0, rateLimit: { enabled: false }, ...config }),
    options,
  );
  return {
    server,
    url: server.url,
    dataDir: path,
    loginUrl: async () => `${server.url}/console/login?token=${await server.services.sessions.createLoginToken()}`,
    async close() {
      await server.close();
      dir?.remove();
    },
  };
}

export interface ConsoleBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Chromium logged in to the console through the one-time link, collecting page errors and CSP reports. */
export async function openConsole(
  service: ConsoleService,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<ConsoleBrowser> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/the server responded with a status of 4\d\d/.test(msg.text()))
      errors.push(`console: ${msg.text()}`);
  });
  await page.goto(await service.loginUrl());
  await page.waitForURL(/\/console\/(#.*)?$/);
  return { browser, context, page, errors };
}

export interface SignedInConsole {
  readonly service: ConsoleService;
  readonly ui: ConsoleBrowser;
  /** the signed-in console's page (ui.page) */
  readonly page: Page;
}

export interface SignedInConsoleOptions {
  config?: Partial<ConfigInput>;
  /** the service's data directory, kept by the caller; a temp one removed at the end by default */
  dataDir?: string;
  start?: StartOptions;
  colorScheme?: 'light' | 'dark';
}

/**
 * The set-up most console e2e files share, as their beforeAll/afterAll: the console built, the real
 * service started, Chromium signed in; then both closed. Call it in the describe block; its fields
 * are there from that block's first test (and in any beforeAll registered after this call).
 */
export function useSignedInConsole(options: SignedInConsoleOptions = {}): SignedInConsole {
  let service: ConsoleService | undefined;
  let ui: ConsoleBrowser | undefined;
  beforeAll(async () => {
    await ensureBuilt();
    service = await startConsoleService(options.config, options.dataDir, options.start);
    ui = await openConsole(service, { colorScheme: options.colorScheme });
  }, 120_000);
  afterAll(async () => {
    await ui?.browser.close();
    await service?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the signed-in console is only there once its beforeAll has run');
    return value;
  };
  return {
    get service() {
      return ready(service);
    },
    get ui() {
      return ready(ui);
    },
    get page() {
      return ready(ui).page;
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `console-${name}.png`), fullPage: false });
}
