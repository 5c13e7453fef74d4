import { Address, type TupleItem } from '@ton/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sandboxSigner } from './wallet-proof-signer';
import type { WalletProofPayload, WalletProofView } from '../../contract/wallet-proof';

const SEED = 'wallet-proof-testnet';
const merchant = sandboxSigner(SEED, 'merchant');
const testnetForm = (address: Address) => address.toString({ urlSafe: true, bounceable: false, testOnly: true });

function readAll(reader: { remaining: number; pop(): TupleItem }): TupleItem[] {
  const items: TupleItem[] = [];
  while (reader.remaining > 0) items.push(reader.pop());
  return items;
}

/**
 * On testnet the proven wallet replaces the configured one at once: the chain and its watcher
 * restart in place on its USDT jetton wallet, and config.json keeps it for the next start. The chain
 * is real contracts on an emulator, served as toncenter serves them.
 */
describe('Settings → Connect your wallet on testnet: the proven wallet becomes the receiving wallet, live', () => {
  let chain: SandboxChain;
  let double: ToncenterDouble;
  let s: TestServer;
  let owner: Record<string, string>;
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.app.inject({ method, url: `/console/api${url}`, headers: owner, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    chain = await SandboxChain.open({ seed: SEED });
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
    // configured with the payer's wallet, as a merchant who typed another address would be
    s = await startTestServer({
      config: {
        chain: {
          mode: 'testnet',
          merchantAddress: testnetForm(chain.payerAddress),
          jettonMaster: chain.jettonMaster.toString({ testOnly: true }),
          toncenterEndpoint: double.endpoint,
          toncenterApiKey: 'k',
          pollIntervalMs: 600_000,
          streaming: { enabled: false },
        },
      },
    });
    await s.app.runtime!.ready();
    owner = { authorization: `Bearer ${await s.services.sessions.createSession()}` };
  }, 120_000);
  afterAll(async () => {
    await s?.dispose();
    await double?.close();
  });

  it('restarts the watcher on the proven wallet and writes it to config.json', async () => {
    const before = s.app.runtime!.current()!;
    expect(before.chain.watchedAccount.equals(chain.merchantJettonWallet)).toBe(false);
    const { payload } = (await api('POST', '/wallet-proof/payload')).json() as WalletProofPayload;
    const body = merchant.prove({ domain: new URL(s.url).host, payload, timestamp: Math.floor(s.clock.now() / 1000) });
    const res = await api('POST', '/wallet-proof', body);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as WalletProofView;
    expect(view).toMatchObject({ proven: { address: testnetForm(merchant.address) }, current: true });
    expect(view.receivingAddress).toBe(testnetForm(merchant.address));

    const after = s.app.runtime!.current()!;
    expect(after.watcher).not.toBe(before.watcher);
    expect(after.chain.watchedAccount.equals(chain.merchantJettonWallet)).toBe(true);
    expect(s.services.config.chain.merchantAddress).toBe(testnetForm(merchant.address));
    const file = JSON.parse(readFileSync(join(s.dataDir, 'config.json'), 'utf8')) as {
      chain: { merchantAddress: string };
    };
    expect(Address.parse(file.chain.merchantAddress).equals(merchant.address)).toBe(true);
    // a new payment is paid to the proven wallet
    const created = await api('POST', '/payments', { amount: '1.00' });
    expect(JSON.stringify(created.json())).toContain(testnetForm(merchant.address));
  });
});
