import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openServiceChain } from '../helpers/service-chain';
import { spawnService, stopService, writeServiceConfig } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';

const PAYMENTS = 24;
const BATCH = 5;

function ledgerCounts(dataDir: string) {
  const db = new BetterSqlite3(join(dataDir, 'tontill.db'), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      credited: one(`SELECT count(*) AS n FROM transfers WHERE status = 'credited'`),
      paid: one(`SELECT count(*) AS n FROM payments WHERE status = 'paid' AND paid_amount = amount`),
      paidEvents: one(`SELECT count(*) AS n FROM payment_events WHERE type = 'payment.paid'`),
      doubleCredited: one(
        `SELECT count(*) AS n FROM (SELECT payment_id FROM transfers WHERE status = 'credited' GROUP BY payment_id HAVING count(*) > 1)`,
      ),
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL in the middle of crediting a batch', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('loses no transfer and credits none twice after a restart', async () => {
    writeServiceConfig(dir.path, {
      chain: { watcherBatchSize: BATCH, pollIntervalMs: 300 },
      rateLimit: { enabled: false },
    });

    // 1. create the payments through the real API, then stop the service
    let service = await spawnService(dir.path);
    const memos: string[] = [];
    const keyOut = await fetch(`${service.url}/console/api/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.consoleToken}`, 'content-type': 'application/json' },
      body: '{"name":"crash"}',
    }).then((r) => r.json() as Promise<{ key: string }>);
    for (let i = 0; i < PAYMENTS; i++) {
      const res = await fetch(`${service.url}/crypto/deposit/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': keyOut.key, 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: '3.00', externalId: `crash-${i}` }),
      });
      memos.push(((await res.json()) as { memo: string }).memo);
    }
    await stopService(service);

    // 2. customers pay while the service is down: real transfers on its sandbox chain
    const chain = await openServiceChain(dir.path);
    for (const memo of memos) await chain.pay({ amount: 3_000_000n, comment: memo });

    // 3. restart armed to SIGKILL itself half-way through the third batch's transaction
    service = await spawnService(dir.path, { TONTILL_FAILPOINT: 'credit-batch-midway', TONTILL_FAILPOINT_HIT: '3' });
    expect(await service.exited).toBe('SIGKILL');
    const afterCrash = ledgerCounts(dir.path);
    // the half-credited third batch rolled back whole; the first batch also held the merchant jetton
    // wallet's deployment, made when the chain was set up at the first of these payments
    expect(afterCrash.credited).toBe(2 * BATCH - 1);
    expect(afterCrash.paid).toBe(2 * BATCH - 1);

    // 4. restart normally: the watcher resumes from the stored cursor
    service = await spawnService(dir.path);
    const paidSoFar = async (url: string) => {
      const page = await fetch(`${url}/crypto/payments?status=paid&limit=200`, {
        headers: { 'x-api-key': keyOut.key },
      });
      return ((await page.json()) as { items: unknown[] }).items.length;
    };
    while ((await paidSoFar(service.url)) < PAYMENTS) await new Promise((r) => setTimeout(r, 100));
    await stopService(service);

    expect(ledgerCounts(dir.path)).toEqual({
      credited: PAYMENTS,
      paid: PAYMENTS,
      paidEvents: PAYMENTS,
      doubleCredited: 0,
    });
  });
});
