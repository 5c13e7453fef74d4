// The built service on testnet/mainnet: its toncenter client is loaded on demand from a CommonJS
// package, which the bundle once exposed only as `default` ("TonClient is not a constructor" at the
// first chain request, so `npm run serve` could not watch a real chain at all).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble } from '../chain/toncenter-double';
import { spawnService, stopService, writeServiceConfig } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

describe('the built service on a toncenter chain', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('verifies the merchant jetton wallet through toncenter and watches it', async () => {
    const chain = await SandboxChain.open();
    const double = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
    const dataDir = join(dir.path, 'testnet');
    mkdirSync(dataDir, { mode: 0o700 });
    writeServiceConfig(dataDir, {
      chain: {
        mode: 'testnet',
        merchantAddress: chain.merchantAddress.toString(),
        jettonMaster: chain.jettonMaster.toString(),
        toncenterEndpoint: double.endpoint,
        toncenterRps: 1000,
        streaming: { enabled: false },
      },
    });
    const service = await spawnService(dataDir);
    try {
      expect(service.output()).toContain('TonTill is running on the testnet chain');
      const watcher = await fetch(`${service.url}/console/api/watcher`, {
        headers: { authorization: `Bearer ${service.consoleToken}` },
      });
      expect(await watcher.json()).toMatchObject({ lastError: null });
      expect(double.requests.some((r) => r.method === 'runGetMethod')).toBe(true);
    } finally {
      await stopService(service);
      await double.close();
    }
  });
});
