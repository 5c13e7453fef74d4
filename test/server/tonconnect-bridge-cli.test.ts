import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TonConnect, type IStorage, type WalletInfoRemote } from '@tonconnect/sdk';
import { cliArgs, spawnService, stopService, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

function memoryStorage(): IStorage {
  const items = new Map<string, string>();
  return {
    setItem: async (key, value) => void items.set(key, value),
    getItem: async (key) => items.get(key) ?? null,
    removeItem: async (key) => void items.delete(key),
  };
}

describe("npm run simulate -- tonconnect '<universal link>'", () => {
  const dir = tempDir();
  let service: ServiceProcess;
  let apiKey: string;
  beforeAll(async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    service = await spawnService(dir.path);
    const { stdout } = await run(process.execPath, cliArgs('keys', ['create', '--data-dir', dir.path]), { cwd: ROOT });
    apiKey = stdout.trim().split('\n').at(-1)!;
  });
  afterAll(async () => {
    await stopService(service);
    dir.remove();
  });

  it('connects the sandbox wallet to the link and approves what the app then asks: the payment is paid', async () => {
    const created = await fetch(`${service.url}/invoice/deposit`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '7.25' }),
    });
    const payment = (await created.json()) as { id: string };
    const connector = new TonConnect({
      manifestUrl: `${service.url}/tonconnect-manifest.json`,
      walletsListSource: `${service.url}/tonconnect/wallets.json`,
      storage: memoryStorage(),
      analytics: { mode: 'off' },
    });
    const sandbox = (await connector.getWallets()).find((w) => w.appName === 'tontill-sandbox') as WalletInfoRemote;
    const connected = new Promise<void>((resolve) => connector.onStatusChange((wallet) => wallet && resolve()));
    const link = connector.connect({ universalLink: sandbox.universalLink, bridgeUrl: sandbox.bridgeUrl });

    const { stdout } = await run(
      process.execPath,
      cliArgs('simulate', ['tonconnect', link, '--account', 'payer', '--data-dir', dir.path]),
      { cwd: ROOT },
    );
    expect(stdout).toMatch(/the sandbox wallet connected to .+ as the payer \(\S+\)/);
    await connected;

    const request = await fetch(`${service.url}/pay/${payment.id}/wallet-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer: connector.account!.address, network: connector.account!.chain }),
    });
    const { boc } = await connector.sendTransaction(await request.json());
    expect(boc.length).toBeGreaterThan(0);
    const view = await fetch(`${service.url}/crypto/payment/${payment.id}`, { headers: { 'x-api-key': apiKey } });
    expect(await view.json()).toMatchObject({ status: 'paid', paidAmount: '7.25' });
    await connector.disconnect();
  });

  it('refuses a link that is not one, naming it', async () => {
    const failed = await run(
      process.execPath,
      cliArgs('simulate', ['tonconnect', 'https://example.invalid/?v=2&id=zz', '--data-dir', dir.path]),
      { cwd: ROOT },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/simulate: .*id: must be the app's client id/);
  });
});
