import { WalletsListManager } from '@tonconnect/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_LOGO_KEY, STORE_PROFILE_KEY } from '../../server/payment-pages/store-profile';
import { SANDBOX_WALLET_APP_NAME } from '../../server/tonconnect-bridge/sandbox-wallet-entry';
import { BUNDLED_WALLETS, type WalletsListItem } from '../../server/wallet-connect/wallets-list';
import { createTestApp, QUICK_START, type TestApp } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { tinyPng } from '../helpers/tiny-png';

/** The bridges the bundled wallets name, written out: a wallet added to the list must show up here on purpose. */
const BRIDGES = [
  'https://walletbot.me',
  'https://bridge.tonapi.io',
  'https://tonconnectbridge.mytonwallet.org',
  'https://connect.tonhubapi.com',
];

const directive = (csp: string, name: string): string[] =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

describe('TON Connect files outside sandbox mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the manifest to any origin, with our name and icon until the store sets its own', async () => {
    const res = await get('/tonconnect-manifest.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const publicUrl = t.services.publicUrl();
    expect(res.json()).toEqual({ url: publicUrl, name: 'TonTill', iconUrl: `${publicUrl}/tonconnect/icon.png` });

    const icon = await get('/tonconnect/icon.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    // IHDR: width and height, big-endian, at bytes 16 and 20
    expect([icon.rawPayload.readUInt32BE(16), icon.rawPayload.readUInt32BE(20)]).toEqual([180, 180]);
  });

  it('names the store and shows its PNG logo once Settings has them, to any origin, but never a JPEG one', async () => {
    const logoPng = tinyPng(180);
    await t.services.settings.set(STORE_PROFILE_KEY, { name: 'Corner Café', contact: '' });
    await t.services.settings.set(STORE_LOGO_KEY, { type: 'image/png', data: logoPng.toString('base64') });
    const manifest = (await get('/tonconnect-manifest.json')).json() as { name: string; iconUrl: string };
    expect(manifest.name).toBe('Corner Café');
    expect(manifest.iconUrl).toMatch(new RegExp(`^${t.services.publicUrl()}/tonconnect/icon\\.png\\?v=[0-9a-f]{12}$`));
    const logo = await get(manifest.iconUrl.slice(t.services.publicUrl().length));
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    // a wallet's page on another origin shows it: /store/logo's same-origin CORP would hide it there
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(logo.rawPayload.equals(logoPng)).toBe(true);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0]).toString('base64');
    await t.services.settings.set(STORE_LOGO_KEY, { type: 'image/jpeg', data: jpeg });
    expect(((await get('/tonconnect-manifest.json')).json() as { iconUrl: string }).iconUrl).toBe(
      `${t.services.publicUrl()}/tonconnect/icon.png`,
    );
    const ours = (await get('/tonconnect/icon.png')).rawPayload;
    expect([ours.readUInt32BE(16), ours.equals(logoPng)]).toEqual([180, false]);
  });

  it('serves the four bundled wallets, and no sandbox wallet', async () => {
    const res = await get('/tonconnect/wallets.json');
    expect(res.statusCode).toBe(200);
    const wallets = res.json() as WalletsListItem[];
    expect(wallets.map((w) => w.app_name)).toEqual(['telegram-wallet', 'tonkeeper', 'mytonwallet', 'tonhub']);
    expect(wallets).toEqual(BUNDLED_WALLETS);
  });

  it("lets the checkout's page connect to its own origin and exactly the bundled wallets' bridges", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/invoice/deposit',
      headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...QUICK_START, externalId: 'csp-1' }),
    });
    const page = await get(`/pay/${(created.json() as { id: string }).id}`);
    const csp = page.headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toEqual(["'self'", ...BRIDGES]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(csp, 'default-src')).toEqual(["'none'"]);
  });
});

describe('TON Connect files in sandbox mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it("is a list the SDK's own wallets-list manager takes whole, sandbox wallet included", async () => {
    // The SDK drops an entry it finds malformed, and falls back to its full list if the fetch fails: both show here.
    const wallets = await new WalletsListManager({
      walletsListSource: `${server.url}/tonconnect/wallets.json`,
    }).getWallets();
    expect(wallets.map((w) => w.appName)).toEqual([
      'telegram-wallet',
      'tonkeeper',
      'mytonwallet',
      'tonhub',
      SANDBOX_WALLET_APP_NAME,
    ]);
    expect(wallets.at(-1)).toMatchObject({
      bridgeUrl: `${server.services.publicUrl()}/bridge`,
      universalLink: `${server.services.publicUrl()}/sandbox-wallet`,
    });
  });

  it('adds the sandbox wallet, whose bridge is on the service itself, so the CSP needs nothing more', async () => {
    const wallets = (await (await fetch(`${server.url}/tonconnect/wallets.json`)).json()) as WalletsListItem[];
    expect(wallets.map((w) => w.app_name)).toEqual([
      'telegram-wallet',
      'tonkeeper',
      'mytonwallet',
      'tonhub',
      SANDBOX_WALLET_APP_NAME,
    ]);
    const sandboxWallet = wallets.at(-1)!;
    expect(sandboxWallet.bridge).toEqual([{ type: 'sse', url: `${server.services.publicUrl()}/bridge` }]);
    const demo = await fetch(
      `${server.url}/pay/${(await server.services.payments.create('invoice', { currency: 'USDT', mainCurrency: 'TON', amount: '3.00' })).payment.id}`,
    );
    expect(directive(demo.headers.get('content-security-policy')!, 'connect-src')).toEqual(["'self'", ...BRIDGES]);
  });
});
