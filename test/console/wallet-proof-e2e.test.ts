import type { Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProvenWallet } from '../../server/settings/proven-wallet';
import { tempDir } from '../helpers/test-app';
import { sandboxSigner, seedSandbox } from '../server/wallet-proof-signer';
import { useSignedInConsole } from './console-harness';
import { shootConsole } from './console-shots';

const SEED = 'wallet-proof-e2e';
const SHOTS = '/tmp/shots-tc-proof';
const merchant = sandboxSigner(SEED, 'merchant');
const dir = tempDir('tontill-wallet-proof-e2e-');
seedSandbox(dir.path, SEED);

interface ConnectRequest {
  manifestUrl: string;
  items: Array<{ name: string; payload?: string }>;
}

/**
 * The merchant's wallet in the page, as a browser extension puts it there: `window.tonkeeper.tonconnect`
 * (Tonkeeper's JS bridge key, an entry of the served list). Asked to connect with ton_proof, it has
 * the test process sign the proof with the sandbox merchant's key, for the host of the manifest's
 * url, as a wallet app does.
 */
async function injectMerchantWallet(page: Page): Promise<void> {
  await page.exposeFunction('__walletProve', async (requestJson: string) => {
    const request = JSON.parse(requestJson) as ConnectRequest;
    const manifest = (await (await fetch(request.manifestUrl)).json()) as { url: string };
    const payload = request.items.find((i) => i.name === 'ton_proof')?.payload ?? '';
    const body = merchant.prove({
      domain: new URL(manifest.url).host,
      payload,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return {
      address: {
        name: 'ton_addr',
        address: body.account.address,
        network: '-3',
        publicKey: merchant.publicKey,
        walletStateInit: merchant.stateInit,
      },
      proof: { name: 'ton_proof', proof: body.proof },
    };
  });
  await page.addInitScript(() => {
    const device = {
      platform: 'browser',
      appName: 'tonkeeper',
      appVersion: '4.0.0',
      maxProtocolVersion: 2,
      features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
    };
    const prove = (window as unknown as { __walletProve(r: string): Promise<{ address: object; proof: object }> })
      .__walletProve;
    const bridge = {
      deviceInfo: device,
      protocolVersion: 2,
      isWalletBrowser: false,
      connect: async (_version: number, message: object) => {
        const { address, proof } = await prove(JSON.stringify(message));
        return { event: 'connect', id: 1, payload: { items: [address, proof], device } };
      },
      restoreConnection: async () => ({
        event: 'connect_error',
        id: 2,
        payload: { code: 0, message: 'not connected' },
      }),
      send: async (message: { id: string }) => ({ id: message.id, result: {} }),
      listen: () => () => undefined,
      disconnect: () => undefined,
    };
    Object.defineProperty(window, 'tonkeeper', { value: { tonconnect: bridge }, configurable: true });
  });
}

const shots = (page: Page, name: string, subject: Locator) => shootConsole(page, SHOTS, name, subject);

describe('Settings → Connect your wallet in Chromium: an injected wallet proves the receiving wallet', () => {
  const signedIn = useSignedInConsole({ dataDir: dir.path });
  let page: Page;
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    page = signedIn.page;
    await injectMerchantWallet(page);
    const origin = new URL(signedIn.service.url).origin;
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
  });
  afterAll(() => dir.remove());

  it('lists the wallets by name, connects the injected one with ton_proof, and shows the proven wallet', async () => {
    await page.goto(`${signedIn.service.url}/console/#/settings/chain`);
    // a change of the hash alone loads nothing: reload, so the wallet is in the page before its scripts
    await page.reload();
    const section = page.getByTestId('connect-wallet');
    await section.waitFor();
    await section.getByRole('button', { name: 'Connect a wallet' }).click();
    const tonkeeper = section.getByRole('button', { name: /Tonkeeper · in this browser/ });
    await tonkeeper.waitFor();
    expect(await section.getByRole('list', { name: 'Wallets' }).getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['MyTonWallet', 'Tonhub']),
    );
    expect(await section.locator('img').count()).toBe(0);
    await shots(page, 'settings-choose', section);

    // a remote wallet gets a QR of its universal link (the sandbox wallet's bridge is the service's own)
    await section.getByRole('button', { name: 'Sandbox wallet' }).click();
    const qr = section.getByRole('img', { name: 'Connect Sandbox wallet' });
    await qr.waitFor();
    expect(await section.getByRole('link', { name: 'Open Sandbox wallet' }).getAttribute('href')).toContain(
      '/sandbox-wallet',
    );
    await shots(page, 'settings-qr', section);
    await section.getByRole('button', { name: 'Cancel' }).click();
    await section.getByRole('button', { name: 'Connect a wallet' }).click();

    await tonkeeper.click();
    const line = section.getByTestId('proven-wallet');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /^Receiving wallet 0Q.{4}….{6} — proven .+ with TON Connect \(Tonkeeper\)$/,
    );
    const stored = await readProvenWallet(signedIn.service.server.services.settings);
    expect(stored?.address).toBe(merchant.address.toRawString());
    await shots(page, 'settings-proven', section);
  });

  it('shows the proven receiving wallet on the dashboard', async () => {
    await page.goto(`${signedIn.service.url}/console/#/dashboard`);
    const line = page.getByTestId('proven-wallet');
    await line.waitFor();
    expect(await line.textContent()).toContain('proven');
    expect(await line.textContent()).toContain('with TON Connect');
    await shots(page, 'dashboard-proven', line);
    // the wallet list, the manifest and the proof all came from the service: nothing left the page
    expect(foreignRequests).toEqual([]);
  });
});
