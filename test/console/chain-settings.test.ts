import { Address, type TupleItem } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Sandbox vs mainnet on the real service: the merchant's wallet checked against real contract
 * states (the sandbox chain, and toncenter served by a loopback double), and saved chain settings
 * applied by restarting the runtime in place.
 */
let server: TestServer;
let auth: Record<string, string>;
const WINDOWS = { defaultExpirySeconds: 1800, monitoringWindowSeconds: 3600 };

async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: object) {
  const res = await fetch(`${server.url}/console/api${path}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are checked field by field
  return { status: res.status, body: (await res.json()) as any };
}
const settings = (chain: object, payments = WINDOWS) => ({ chain, payments, allowedOrigins: [] });
const sandboxChain = () => server.app.runtime!.current()!.chain.sandbox!;

beforeAll(async () => {
  server = await startTestServer({ clock: undefined, config: { chain: { pollIntervalMs: 600_000 } } });
  auth = { authorization: `Bearer ${await server.services.sessions.createSession()}` };
}, 120_000);
afterAll(async () => server?.dispose());

describe('the merchant wallet is checked on the chain before it is saved', () => {
  it('sandbox: refuses the USDT jetton master and a jetton wallet, and says why; accepts a wallet app', async () => {
    const chain = sandboxChain();
    const master = await call(
      'POST',
      '/settings/validate',
      settings({ mode: 'sandbox', merchantAddress: chain.jettonMaster.toString({ testOnly: true }) }),
    );
    expect(master.body).toEqual({
      valid: false,
      problems: [
        {
          field: 'chain.merchantAddress',
          message:
            'This is the USDT jetton master contract, not your wallet. Enter the address of the wallet app that receives USDT.',
        },
      ],
    });
    const wallet = await call(
      'PUT',
      '/settings',
      settings({ mode: 'sandbox', merchantAddress: chain.merchantJettonWallet.toString({ testOnly: true }) }),
    );
    expect(wallet.status).toBe(400);
    expect(wallet.body.error.field).toBe('chain.merchantAddress');
    expect(wallet.body.error.message).toContain('This is a USDT jetton wallet');
    expect(wallet.body.error.message).toContain(
      `belongs to ${chain.merchantAddress.toString({ urlSafe: true, bounceable: false, testOnly: true })}`,
    );
    const own = await call(
      'POST',
      '/settings/validate',
      settings({ mode: 'sandbox', merchantAddress: chain.merchantAddress.toString({ testOnly: true }) }),
    );
    expect(own.body).toEqual({ valid: true, problems: [] });
  });

  describe('testnet, through toncenter', () => {
    let chain: SandboxChain;
    let double: ToncenterDouble;
    beforeAll(async () => {
      // real contracts (a USDT master, jetton wallets, wallet apps) on an emulated chain, served as toncenter serves them
      chain = await SandboxChain.open();
      const source = chain.source();
      double = await startToncenterDouble({
        runGetMethod: async (address, method, stack) => {
          try {
            return { exitCode: 0, stack: readAll(await source.runGetMethod(address, method, stack)) };
          } catch (err) {
            return { exitCode: (err as { exitCode?: number }).exitCode ?? 11, stack: [] };
          }
        },
      });
    }, 120_000);
    afterAll(async () => double?.close());

    const testnet = (merchantAddress: Address) =>
      settings({
        mode: 'testnet',
        merchantAddress: merchantAddress.toString({ testOnly: true }),
        jettonMaster: chain.jettonMaster.toString({ testOnly: true }),
        toncenterEndpoint: double.endpoint,
        toncenterApiKey: 'free-key',
      });

    it.each([
      ['the USDT master', () => chain.jettonMaster, 'This is the USDT jetton master contract, not your wallet.'],
      ["the merchant's USDT jetton wallet", () => chain.merchantJettonWallet, 'This is a USDT jetton wallet'],
    ])('refuses %s as the merchant wallet', async (_name, address, message) => {
      const check = await call('POST', '/settings/validate', testnet(address()));
      expect(check.body.valid).toBe(false);
      expect(check.body.problems).toEqual([
        { field: 'chain.merchantAddress', message: expect.stringContaining(message) },
      ]);
      const asked = double.requests.filter(
        (r) => r.method === 'runGetMethod' && Address.parse(String(r.params.address)).equals(address()),
      );
      expect(asked.map((r) => r.params.method)).toContain(
        message.includes('master') ? 'get_jetton_data' : 'get_wallet_data',
      );
      expect(asked.every((r) => r.apiKey === 'free-key')).toBe(true);
    });

    it('accepts the wallet app that owns the USDT', async () => {
      expect((await call('POST', '/settings/validate', testnet(chain.merchantAddress))).body).toEqual({
        valid: true,
        problems: [],
      });
    });
  });
});

describe('restart to apply: the runtime restarts in place', () => {
  it('applies saved chain settings without a process restart; HTTP keeps answering and an earlier payment is still credited', async () => {
    const before = await call('POST', '/payments', { amount: '3.00' });
    expect(before.status).toBe(200);
    const firstWatcher = server.app.runtime!.current()!.watcher;
    const saved = await call(
      'PUT',
      '/settings',
      settings(
        { mode: 'sandbox', toncenterApiKey: 'k-new' },
        { defaultExpirySeconds: 2400, monitoringWindowSeconds: 7200 },
      ),
    );
    expect(saved.body).toMatchObject({ restartRequired: true, running: { payments: { defaultExpirySeconds: 1800 } } });

    // requests keep being answered while the runtime restarts
    const during = Array.from({ length: 5 }, () => call('GET', '/stats'));
    const restarted = await call('POST', '/settings/restart');
    expect(restarted.status).toBe(200);
    expect((await Promise.all(during)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(restarted.body.restartRequired).toBe(false);
    expect(restarted.body.running).toEqual(restarted.body.saved);
    expect(restarted.body.running).toMatchObject({
      chain: { hasToncenterApiKey: true },
      payments: { defaultExpirySeconds: 2400, monitoringWindowSeconds: 7200 },
    });

    expect(server.app.runtime!.current()!.watcher).not.toBe(firstWatcher);
    expect(firstWatcher.status().running).toBe(false);
    expect((await call('GET', '/watcher')).body).toMatchObject({ running: true, mode: 'sandbox' });
    const after = await call('POST', '/payments', { amount: '1.00' });
    expect(Date.parse(after.body.expiresAt) - Date.parse(after.body.createdAt)).toBe(2400 * 1000);

    const paid = await call('POST', '/simulator/pay', { paymentId: before.body.id });
    expect(paid.status).toBe(200);
    expect((await call('GET', `/payments/${before.body.id}`)).body.payment.status).toBe('paid');
  });

  it('keeps the running chain when the saved one cannot open, and says why', async () => {
    const double = await startToncenterDouble(); // answers no get method: the USDT wallet cannot be resolved
    try {
      const wallet = new Address(0, Buffer.alloc(32, 7)).toString({ testOnly: true });
      const master = new Address(0, Buffer.alloc(32, 8)).toString({ testOnly: true });
      const saved = await call(
        'PUT',
        '/settings',
        settings({
          mode: 'testnet',
          merchantAddress: wallet,
          jettonMaster: master,
          toncenterEndpoint: double.endpoint,
          toncenterApiKey: 'k',
        }),
      );
      expect(saved.status).toBe(200);
      const refused = await call('POST', '/settings/restart');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ field: 'chain', message: expect.stringContaining('keeps running') });
      const view = await call('GET', '/settings');
      expect(view.body).toMatchObject({ restartRequired: true, running: { chain: { mode: 'sandbox' } } });
      expect((await call('GET', '/watcher')).body).toMatchObject({ running: true, mode: 'sandbox' });
    } finally {
      await double.close();
    }
  });
});

function readAll(reader: { remaining: number; pop(): TupleItem }): TupleItem[] {
  const items: TupleItem[] = [];
  while (reader.remaining > 0) items.push(reader.pop());
  return items;
}
