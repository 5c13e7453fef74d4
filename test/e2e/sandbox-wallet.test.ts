import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { expect as playwrightExpect } from 'playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TonConnect, type IStorage, type WalletInfoRemote } from '@tonconnect/sdk';
import { createDeposit, launchChromium, startService, type Service } from './e2e-helpers';

const SHOTS = '/tmp/shots-tc-bridge';

function memoryStorage(): IStorage {
  const items = new Map<string, string>();
  return {
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
  };
}

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The sandbox wallet's pages in Chromium: what a person sees when a TON Connect app asks the sandbox wallet. */
describe('the sandbox wallet pages (TON Connect through the loopback bridge), in Chromium', () => {
  let service: Service;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    mkdirSync(SHOTS, { recursive: true });
    [service, browser] = await Promise.all([startService(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  const newPage = async (viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') => {
    context = await browser.newContext({ locale: 'en-US', viewport, colorScheme });
    context.setDefaultTimeout(0);
    return context.newPage();
  };

  /** A Node dApp on @tonconnect/sdk with the service's wallets list; its universal link for the sandbox wallet. */
  async function dapp() {
    const connector = new TonConnect({
      manifestUrl: `${service.url}/tonconnect-manifest.json`,
      walletsListSource: `${service.url}/tonconnect/wallets.json`,
      storage: memoryStorage(),
      analytics: { mode: 'off' },
    });
    const sandbox = (await connector.getWallets()).find((w) => w.appName === 'tontill-sandbox') as WalletInfoRemote;
    const connected = new Promise<void>((resolve) => connector.onStatusChange((wallet) => wallet && resolve()));
    const link = connector.connect({ universalLink: sandbox.universalLink, bridgeUrl: sandbox.bridgeUrl });
    return { connector, link, connected };
  }

  const walletRequest = async (paymentId: string, connector: TonConnect) => {
    const res = await fetch(`${service.url}/pay/${paymentId}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: connector.account!.address, network: connector.account!.chain }),
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  const shot = (page: Page, name: string, viewport: { width: number }, scheme: string) =>
    page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-${scheme}.png`, fullPage: true });

  for (const viewport of VIEWPORTS)
    for (const scheme of SCHEMES)
      it(`approves the connection and then the payment on its pages (${viewport.width} px, ${scheme})`, async () => {
        const deposit = await createDeposit(service, { amount: '9.50' });
        const { connector, link, connected } = await dapp();
        const page = await newPage(viewport, scheme);
        const cspViolations: string[] = [];
        page.on('console', (m) => m.text().includes('Content Security Policy') && cspViolations.push(m.text()));
        const elsewhere: string[] = [];
        page.on('request', (r) => new URL(r.url()).origin !== new URL(service.url).origin && elsewhere.push(r.url()));

        await page.goto(link);
        await playwrightExpect(page.getByRole('heading', { level: 1 })).toHaveText(/^Connect to .+\?$/);
        await playwrightExpect(page.getByRole('radio', { name: /^Payer/ })).toBeChecked();
        await shot(page, 'connect', viewport, scheme);
        await page.getByRole('button', { name: 'Approve' }).click();
        await playwrightExpect(page.getByRole('heading', { level: 1 })).toHaveText(/^Connected to /);
        await connected;

        const sent = connector.sendTransaction(await walletRequest(deposit.id, connector));
        // the session page refreshes itself until the request is there
        await playwrightExpect(page.getByRole('heading', { name: 'Send this?' })).toBeVisible();
        await playwrightExpect(page.getByText('9.50 USDT', { exact: true })).toBeVisible();
        await playwrightExpect(page.getByText(deposit.memo, { exact: true })).toBeVisible();
        await shot(page, 'request', viewport, scheme);
        await page.getByRole('button', { name: 'Approve' }).click();

        await sent;
        await playwrightExpect(page.getByText('Sent', { exact: true })).toBeVisible();
        await shot(page, 'sent', viewport, scheme);
        const view = await service.server.services.payments.view(deposit.id);
        expect(view.status).toBe('paid');
        expect(view.transfers).toHaveLength(1);
        expect(cspViolations).toEqual([]);
        expect(elsewhere).toEqual([]);
        await connector.disconnect();
      });

  it('the checkout pays through the sandbox wallet: its link opens the wallet in a new tab, Approve there, the checkout turns paid', async () => {
    const deposit = await createDeposit(service, { amount: '6.00' });
    const page = await newPage({ width: 1280, height: 900 }, 'light');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(deposit.url);
    await page.getByRole('button', { name: /^Pay 6\.00 USDT with wallet$/ }).click();
    await page.getByRole('button', { name: 'Sandbox wallet', exact: true }).click();
    const opened = context!.waitForEvent('page');
    await page.getByRole('link', { name: 'Open Sandbox wallet' }).click();
    const wallet = await opened;

    await playwrightExpect(wallet.getByRole('heading', { level: 1 })).toHaveText(/^Connect to .+\?$/);
    await wallet.getByRole('button', { name: 'Approve' }).click();
    await playwrightExpect(wallet.getByRole('heading', { name: 'Send this?' })).toBeVisible();
    await playwrightExpect(wallet.getByText('6.00 USDT', { exact: true })).toBeVisible();
    await playwrightExpect(wallet.getByText(deposit.memo, { exact: true })).toBeVisible();
    await wallet.getByRole('button', { name: 'Approve' }).click();

    await playwrightExpect(page.locator('h1')).toHaveText('Payment received');
    const view = await service.server.services.payments.view(deposit.id);
    expect(view).toMatchObject({ status: 'paid' });
    expect(view.transfers).toHaveLength(1);
    // the checkout asked no one but the service: its page, the wallet list, and the loopback bridge
    expect([...new Set(requested.map((url) => new URL(url).origin))]).toEqual([new URL(service.url).origin]);
  });
});
