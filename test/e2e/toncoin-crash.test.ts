import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openServiceChain } from '../helpers/service-chain';
import { spawnService, stopService, writeServiceConfig, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

const PAYMENTS = 24;
const BATCH = 5;
const NANOTONS = 2_000_000_000n;

function ledgerCounts(dataDir: string) {
  const db = new BetterSqlite3(join(dataDir, 'tontill.db'), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      credited: one(`SELECT count(*) AS n FROM transfers WHERE status = 'credited' AND asset = 'TON'`),
      paid: one(
        `SELECT count(*) AS n FROM payments WHERE status = 'paid' AND paid_amount = amount AND currency = 'TON'`,
      ),
      doubleCredited: one(
        `SELECT count(*) AS n FROM (SELECT payment_id FROM transfers WHERE status = 'credited' GROUP BY payment_id HAVING count(*) > 1)`,
      ),
    };
  } finally {
    db.close();
  }
}

/** The USDT crash test (test/watcher/crash-crediting.test.ts) on the store wallet's own cursor: Toncoin paid while the service was down. */
describe('SIGKILL in the middle of crediting a batch of Toncoin', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  const apiKey = async (service: ServiceProcess) =>
    (
      (await fetch(`${service.url}/console/api/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.consoleToken}`, 'content-type': 'application/json' },
        body: '{"name":"crash"}',
      }).then((r) => r.json())) as { key: string }
    ).key;
  const create = async (service: ServiceProcess, key: string, i: number) => {
    const res = await fetch(`${service.url}/crypto/deposit/invoice`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'TON', mainCurrency: 'TON', amount: '2.00', externalId: `crash-${i}` }),
    });
    return (await res.json()) as { id: string; memo: string };
  };
  const statusOf = async (service: ServiceProcess, key: string, id: string) =>
    (
      (await fetch(`${service.url}/crypto/payment/${id}`, { headers: { 'x-api-key': key } }).then((r) => r.json())) as {
        status: string;
      }
    ).status;
  const paidSoFar = async (service: ServiceProcess, key: string) => {
    const page = await fetch(`${service.url}/crypto/payments?status=paid&limit=200`, { headers: { 'x-api-key': key } });
    return ((await page.json()) as { items: unknown[] }).items.length;
  };

  it('loses no Toncoin transfer and credits none twice after a restart', async () => {
    writeServiceConfig(dir.path, {
      chain: { watcherBatchSize: BATCH, pollIntervalMs: 300 },
      rateLimit: { enabled: false },
    });

    // 1. the payments, through the real API; the first is paid and credited before the crash run, so
    //    the store wallet's cursor is stored (the wallet is read from its newest transaction on)
    let service = await spawnService(dir.path);
    const key = await apiKey(service);
    const payments = [];
    for (let i = 0; i <= PAYMENTS; i++) payments.push(await create(service, key, i));
    const [first, ...rest] = payments;
    await stopService(service);
    const chain = await openServiceChain(dir.path);
    await chain.payToncoin({ amount: NANOTONS, comment: first!.memo });
    service = await spawnService(dir.path);
    while ((await statusOf(service, key, first!.id)) !== 'paid') await new Promise((r) => setTimeout(r, 50));
    await stopService(service);

    // 2. customers pay in Toncoin while the service is down: real transfers to the store wallet
    const again = await openServiceChain(dir.path);
    for (const p of rest) await again.payToncoin({ amount: NANOTONS, comment: p.memo });

    // 3. restart armed to SIGKILL itself half-way through the third batch
    service = await spawnService(dir.path, { TONTILL_FAILPOINT: 'credit-batch-midway', TONTILL_FAILPOINT_HIT: '3' });
    expect(await service.exited).toBe('SIGKILL');
    expect(ledgerCounts(dir.path)).toMatchObject({ credited: 1 + 2 * BATCH, paid: 1 + 2 * BATCH });

    // 4. restart normally: the store wallet's watcher resumes from its stored cursor
    service = await spawnService(dir.path);
    while ((await paidSoFar(service, key)) < PAYMENTS + 1) await new Promise((r) => setTimeout(r, 100));
    await stopService(service);
    expect(ledgerCounts(dir.path)).toEqual({ credited: PAYMENTS + 1, paid: PAYMENTS + 1, doubleCredited: 0 });
  });
});
