import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore } from '../../server/auth/api-keys';
import { openPgPool } from '../../server/storage/postgres/pg-database';
import { PgStorage } from '../../server/storage/postgres/pg-storage';
import { systemClock } from '../../server/util/clock';
import { stopService, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { dropTestDatabase, testDatabaseUrl } from '../helpers/test-database';
import { Receiver } from '../webhooks/receiver';
import { leaderPids, processState, ServedChain, startInstance, until } from './shared-ledger-kit';

/**
 * Three instances of the real service (child processes) on one PostgreSQL database and one chain
 * (sandbox transactions served by a loopback toncenter). Every instance is armed to stop itself in
 * the middle of its second credit batch as the watcher's leader; the test SIGKILLs the first two
 * that do (kill -9 mid-batch, twice) and lets any later one go on, starting a replacement for each
 * killed instance. The others must take over and credit everything exactly once.
 */
const PAYMENTS = 300;

interface Instance {
  name: string;
  service: ServiceProcess;
}

describe('three instances, one PostgreSQL ledger, one watcher', () => {
  const root = tempDir('tontill-multi-');
  let url: string;
  let served: ServedChain;
  let receiver: Receiver;
  let db: pg.Client;
  let apiKey: string;
  const instances: Instance[] = [];
  const killed: string[] = [];
  /** replacements still starting: the chain they watch must outlive their start */
  const replacing: Array<Promise<unknown>> = [];
  let supervising: NodeJS.Timeout | null = null;

  async function start(name: string, armed: boolean): Promise<Instance> {
    const env: Record<string, string> = armed
      ? { TONTILL_FAILPOINT: 'credit-batch-midway', TONTILL_FAILPOINT_HIT: '2', TONTILL_FAILPOINT_ACTION: 'stop' }
      : {};
    const instance = { name, service: await startInstance(join(root.path, name), { databaseUrl: url, served, env }) };
    instances.push(instance);
    return instance;
  }

  /** An instance that stopped itself mid-batch: the first two are killed (and replaced), any later one resumes. */
  function supervise(): void {
    for (const instance of [...instances]) {
      const pid = instance.service.child.pid!;
      if (processState(pid) !== 'T') continue;
      if (killed.length < 2) {
        killed.push(instance.name);
        process.kill(pid, 'SIGKILL');
        instances.splice(instances.indexOf(instance), 1);
        replacing.push(start(`${instance.name}-again`, false));
      } else {
        process.kill(pid, 'SIGCONT');
      }
    }
    supervising = setTimeout(supervise, 50);
  }

  beforeAll(async () => {
    url = await testDatabaseUrl(root.path);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    served = await ServedChain.start();
    receiver = await Receiver.start();
    // The first instance starts alone and migrates the database; the others join it.
    const first = await start('one', true);
    await until(async () => (await leaderPids(db))[0] === first.service.child.pid);
    await Promise.all([start('two', true), start('three', true)]);
    const pool = openPgPool(url, { max: 2 });
    apiKey = (
      await new ApiKeyStore(
        new PgStorage(pool, { instanceId: 'test', onCallbackError: () => undefined }),
        systemClock,
      ).create('multi')
    ).key;
    await pool.end();
    supervise();
  }, 120_000);

  afterAll(async () => {
    if (supervising) clearTimeout(supervising);
    await Promise.allSettled(replacing);
    await Promise.all(
      instances.map((i) => {
        if (processState(i.service.child.pid!) === 'T') process.kill(i.service.child.pid!, 'SIGCONT');
        return stopService(i.service);
      }),
    );
    await db?.end();
    await served?.close();
    await receiver?.stop();
    await dropTestDatabase(root.path);
    root.remove();
  });

  const create = async (instance: Instance, n: number): Promise<{ status: number; id: string }> => {
    const res = await fetch(`${instance.service.url}/invoice/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({
        currency: 'USDT',
        mainCurrency: 'TON',
        amount: `${1 + (n % 7)}.25`,
        externalId: `order-${n}`,
        callbackUrl: receiver.url(`/order-${n}`),
      }),
    });
    return { status: res.status, id: ((await res.json()) as { id: string }).id };
  };

  it('creates 300 payments round-robin, the same externalId sent to two instances at once giving one payment', async () => {
    const ids = new Map<number, string>();
    for (let from = 0; from < PAYMENTS; from += 30) {
      await Promise.all(
        Array.from({ length: 30 }, async (_, k) => {
          const n = from + k;
          const first = instances[n % 3]!;
          // every third order is sent twice at once, to two instances
          const twice = n % 3 === 0 ? [first, instances[(n + 1) % 3]!] : [first];
          const answers = await Promise.all(twice.map((instance) => create(instance, n)));
          expect(answers.map((a) => a.status)).toEqual(twice.map(() => 200));
          expect(new Set(answers.map((a) => a.id)).size).toBe(1);
          ids.set(n, answers[0]!.id);
        }),
      );
    }
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    expect(rows[0]!.n).toBe(PAYMENTS);
    expect(new Set(ids.values()).size).toBe(PAYMENTS);
  }, 120_000);

  it('credits every payment exactly once while the watching instance is killed mid-batch twice', async () => {
    const { rows: payments } = await db.query<{ id: string; memo: string; amount: string }>(
      'SELECT id, memo, amount::text FROM payments ORDER BY seq',
    );
    for (const [i, p] of payments.entries()) {
      // the chain grows while the watcher works: a few transfers at a time reach the served history
      await served.pay(BigInt(p.amount), p.memo);
      if (i % 25 === 0) await new Promise((r) => setTimeout(r, 100));
    }
    await expect
      .poll(
        async () =>
          (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE status = 'paid'")).rows[0]!.n,
        { timeout: 180_000, interval: 500 },
      )
      .toBe(PAYMENTS);
    expect(killed).toHaveLength(2);

    const credits = await db.query<{
      payment_id: string;
      n: number;
      total: string;
      amount: string;
      paid: string;
    }>(`SELECT t.payment_id, count(*)::int AS n,
        sum(t.amount)::text AS total, p.amount::text AS amount, p.paid_amount::text AS paid
      FROM transfers t JOIN payments p ON p.id = t.payment_id WHERE t.status = 'credited' GROUP BY t.payment_id, p.amount, p.paid_amount`);
    expect(credits.rows).toHaveLength(PAYMENTS);
    for (const c of credits.rows) expect([c.n, c.total, c.paid]).toEqual([1, c.amount, c.amount]);
    const { rows: unmatched } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM transfers WHERE status <> 'credited'",
    );
    expect(unmatched[0]!.n).toBe(0);
  }, 300_000);

  it('delivers every event at least once, in order per payment, and exactly one instance watches', async () => {
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'",
            )
          ).rows[0]!.n,
        { timeout: 120_000, interval: 500 },
      )
      .toBe(0);
    const { rows: events } = await db.query<{
      id: string;
      payment_id: string;
    }>(`SELECT e.id, e.payment_id FROM payment_events e
      JOIN webhook_deliveries d ON d.event_id = e.id ORDER BY e.seq`);
    expect(events.length).toBe(PAYMENTS * 2);
    const arrived = receiver.received.map((r) => r.event.id);
    for (const e of events) expect(arrived).toContain(e.id);
    // order per payment: the first arrival of each of its events follows the order they were recorded in
    const firstArrival = new Map<string, number>();
    arrived.forEach((id, i) => {
      if (!firstArrival.has(id)) firstArrival.set(id, i);
    });
    const byPayment = new Map<string, number[]>();
    for (const e of events)
      byPayment.set(e.payment_id, [...(byPayment.get(e.payment_id) ?? []), firstArrival.get(e.id)!]);
    for (const positions of byPayment.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const live = instances.map((i) => i.service.child.pid);
    const leaders = await leaderPids(db);
    expect(leaders).toHaveLength(1);
    expect(live).toContain(leaders[0]);
  }, 180_000);
});
