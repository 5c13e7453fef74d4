import BetterSqlite3 from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnService, stopService, writeServiceConfig, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-database';

const tmpFiles = (dataDir: string) =>
  readdirSync(dataDir).filter((name) => /^sandbox-chain\.json\..*\.tmp$/.test(name));

function consoleApi(service: ServiceProcess, path: string, body?: object): Promise<Response> {
  return fetch(`${service.url}/console/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${service.consoleToken}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function createPayment(service: ServiceProcess, apiKey: string, externalId: string): Promise<string> {
  const res = await fetch(`${service.url}/crypto/deposit/invoice`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '2.00', externalId }),
  });
  return ((await res.json()) as { id: string }).id;
}

function creditedTransfers(dataDir: string, paymentId: string): number {
  const db = new BetterSqlite3(join(dataDir, 'tontill.db'), { readonly: true });
  try {
    return (
      db.prepare(`SELECT count(*) AS n FROM transfers WHERE payment_id = ? AND status = 'credited'`).get(paymentId) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

describe('SIGKILL while the sandbox chain saves a transfer', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  // it counts the credited transfers in the SQLite file itself
  it.skipIf(TEST_ENGINE === 'postgres')(
    'restarts with a working watcher and simulator, and no leftover temporary file',
    async () => {
      writeServiceConfig(dir.path, { chain: { pollIntervalMs: 200 }, rateLimit: { enabled: false } });
      // The first save creates the chain at start; the second is the simulated transfer's.
      let service = await spawnService(dir.path, {
        TONTILL_FAILPOINT: 'sandbox-state-before-rename',
        TONTILL_FAILPOINT_HIT: '2',
      });
      const { key } = (await (await consoleApi(service, '/api-keys', { name: 'crash' })).json()) as { key: string };
      const first = await createPayment(service, key, 'sandbox-crash-1');
      const second = await createPayment(service, key, 'sandbox-crash-2');

      await expect(consoleApi(service, '/simulator/pay', { paymentId: first })).rejects.toThrow();
      expect(await service.exited).toBe('SIGKILL');
      expect(tmpFiles(dir.path)).toHaveLength(1); // killed with the new state written but not yet in place

      service = await spawnService(dir.path);
      try {
        expect(tmpFiles(dir.path)).toEqual([]);
        for (const paymentId of [first, second]) {
          const res = await consoleApi(service, '/simulator/pay', { paymentId });
          expect(res.status).toBe(200);
          expect(((await res.json()) as { payment: { status: string } }).payment.status).toBe('paid');
        }
        const watcher = (await (await consoleApi(service, '/watcher')).json()) as Record<string, unknown>;
        expect(watcher).toMatchObject({ consecutiveErrors: 0, lastError: null });
      } finally {
        await stopService(service);
      }
      // the transfer lost in the crash was never credited: each payment holds exactly its one transfer
      expect([creditedTransfers(dir.path, first), creditedTransfers(dir.path, second)]).toEqual([1, 1]);
    },
  );

  it('refuses to start on a damaged sandbox-chain.json, naming the file and what to do', async () => {
    const damaged = tempDir();
    try {
      const file = join(damaged.path, 'sandbox-chain.json');
      writeFileSync(file, '{"version":1,"seed":"4f2a');
      await expect(spawnService(damaged.path)).rejects.toThrow(/sandbox-chain\.json.*move it aside/s);
      expect(readFileSync(file, 'utf8')).toBe('{"version":1,"seed":"4f2a');
      expect(existsSync(join(damaged.path, 'service.json'))).toBe(false);
    } finally {
      damaged.remove();
    }
  });
});
