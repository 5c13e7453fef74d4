import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore } from '../../server/auth/api-keys';
import { openPgPool } from '../../server/storage/postgres/pg-database';
import { PgStorage } from '../../server/storage/postgres/pg-storage';
import { SandboxChain } from '../../server/sandbox/sandbox-chain';
import { systemClock } from '../../server/util/clock';
import { onAccount, sandboxGetMethods } from '../chain/served-chain';
import { startToncenterDouble, type ToncenterDouble } from '../chain/toncenter-double';
import { spawnService, stopService, writeServiceConfig, type ServiceProcess } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { dropTestDatabase, testDatabaseUrl } from '../helpers/test-database';
import { Receiver } from '../webhooks/receiver';

/**
 * Three instances of the real service (child processes) on one PostgreSQL database and one chain
 * (sandbox transactions served by a loopback toncenter). Every instance is armed to stop itself in
 * the middle of its second credit batch as the watcher's leader; the test SIGKILLs the first two
 * that do (kill -9 mid-batch, twice) and lets any later one go on, starting a replacement for each
 * killed instance. The others must take over and credit everything exactly once.
 */
const PAYMENTS = 300;
const WATCHER_LOCK = 7_311_003;

interface Instance { name: string; service: ServiceProcess }

/** Waits for `condition` (hooks cannot use expect.poll). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('three instances, one PostgreSQL ledger, one watcher', () => {
  const root = tempDir('tontill-multi-');
  let url: string;
  let chain: SandboxChain;
  let double: ToncenterDouble;
  let receiver: Receiver;
  let db: pg.Client;
  let apiKey: string;
  const instances: Instance[] = [];
  const killed: string[] = [];
  let supervising: NodeJS.Timeout | null = null;

  async function start(name: string, armed: boolean): Promise<Instance> {
    const dataDir = join(root.path, name);
    mkdirSync(dataDir, { mode: 0o700 });
    writeServiceConfig(dataDir, {
      database: { url, poolSize: 6 },
      rateLimit: { enabled: false },
      chain: {
        mode: 'testnet', merchantAddress: chain.merchantAddress.toString(), jettonMaster: chain.jettonMaster.toString(),
        toncenterEndpoint: double.endpoint, toncenterRps: 1000, pollIntervalMs: 300, watcherBatchSize: 4, streaming: { enabled: false },
        reconcileIntervalMs: 0,
      },
    });
    const env: Record<string, string> = armed
      ? { TONTILL_FAILPOINT: 'credit-batch-midway', TONTILL_FAILPOINT_HIT: '2', TONTILL_FAILPOINT_ACTION: 'stop' }
      : {};
    const instance = { name, service: await spawnService(dataDir, { ...env, TONTILL_DATABASE_URL: url }) };
    instances.push(instance);
    return instance;
  }

  const stateOf = (pid: number): string => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '?';
    } catch {
      return 'gone';
    }
  };

  /** An instance that stopped itself mid-batch: the first two are killed (and replaced), any later one resumes. */
  function supervise(): void {
    for (const instance of [...instances]) {
      const pid = instance.service.child.pid!;
      if (stateOf(pid) !== 'T') continue;
      if (killed.length < 2) {
        killed.push(instance.name);
        process.kill(pid, 'SIGKILL');
        instances.splice(instances.indexOf(instance), 1);
        void start(`${instance.name}-again`, false);
      } else {
        process.kill(pid, 'SIGCONT');
      }
    }
    supervising = setTimeout(supervise, 50);
  }

  /** The instance whose lease connection holds the watcher's advisory lock, by the pid in its application name. */
  async function leaderPids(): Promise<number[]> {
    const { rows } = await db.query<{ application_name: string }>(`SELECT a.application_name FROM pg_locks l
      JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted`, [WATCHER_LOCK]);
    return rows.map((r) => Number(/-(\d+)-[0-9a-f]{6}$/.exec(r.application_name)?.[1]));
  }

  beforeAll(async () => {
    url = await testDatabaseUrl(root.path);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    chain = await SandboxChain.open();
    double = await startToncenterDouble({ runGetMethod: sandboxGetMethods(chain) });
    double.addTransactions(chain.merchantJettonWallet, await chain.source().getTransactions(chain.merchantJettonWallet, { limit: 100 }));
    receiver = await Receiver.start();
    // The first instance starts alone and migrates the database; the others join it.
    const first = await start('one', true);
    await until(async () => (await leaderPids())[0] === first.service.child.pid);
    await Promise.all([start('two', true), start('three', true)]);
    const pool = openPgPool(url, { max: 2 });
    apiKey = (await new ApiKeyStore(new PgStorage(pool, { instanceId: 'test', onCallbackError: () => undefined }), systemClock).create('multi')).key;
    await pool.end();
    supervise();
  }, 120_000);

  afterAll(async () => {
    if (supervising) clearTimeout(supervising);
    await Promise.all(instances.map((i) => {
      if (stateOf(i.service.child.pid!) === 'T') process.kill(i.service.child.pid!, 'SIGCONT');
      return stopService(i.service);
    }));
    await db?.end();
    await double?.close();
    await receiver?.stop();
    await dropTestDatabase(root.path);
    root.remove();
  });

  const create = async (instance: Instance, n: number): Promise<{ status: number; id: string }> => {
    const res = await fetch(`${instance.service.url}/invoice/deposit`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ currency: 'USDT', mainCurrency: 'TON', amount: `${1 + (n % 7)}.25`, externalId: `order-${n}`, callbackUrl: receiver.url(`/order-${n}`) }),
    });
    return { status: res.status, id: ((await res.json()) as { id: string }).id };
  };

  it('creates 300 payments round-robin, the same externalId sent to two instances at once giving one payment', async () => {
    const ids = new Map<number, string>();
    for (let from = 0; from < PAYMENTS; from += 30) {
      await Promise.all(Array.from({ length: 30 }, async (_, k) => {
        const n = from + k;
        const first = instances[n % 3]!;
        // every third order is sent twice at once, to two instances
        const twice = n % 3 === 0 ? [first, instances[(n + 1) % 3]!] : [first];
        const answers = await Promise.all(twice.map((instance) => create(instance, n)));
        expect(answers.map((a) => a.status)).toEqual(twice.map(() => 200));
        expect(new Set(answers.map((a) => a.id)).size).toBe(1);
        ids.set(n, answers[0]!.id);
      }));
    }
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    expect(rows[0]!.n).toBe(PAYMENTS);
    expect(new Set(ids.values()).size).toBe(PAYMENTS);
  }, 120_000);

  it('credits every payment exactly once while the watching instance is killed mid-batch twice', async () => {
    const { rows: payments } = await db.query<{ id: string; memo: string; amount: string }>('SELECT id, memo, amount::text FROM payments ORDER BY seq');
    const watched = chain.merchantJettonWallet;
    for (const [i, p] of payments.entries()) {
      const txs = await chain.pay({ amount: BigInt(p.amount), comment: p.memo });
      // the chain grows while the watcher works: a few transfers at a time reach the served history
      double.addTransactions(watched, txs.filter((tx) => onAccount(tx, watched)));
      if (i % 25 === 0) await new Promise((r) => setTimeout(r, 100));
    }
    await expect.poll(async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE status = 'paid'")).rows[0]!.n,
      { timeout: 180_000, interval: 500 }).toBe(PAYMENTS);
    expect(killed).toHaveLength(2);

    const credits = await db.query<{ payment_id: string; n: number; total: string; amount: string; paid: string }>(`SELECT t.payment_id, count(*)::int AS n,
        sum(t.amount)::text AS total, p.amount::text AS amount, p.paid_amount::text AS paid
      FROM transfers t JOIN payments p ON p.id = t.payment_id WHERE t.status = 'credited' GROUP BY t.payment_id, p.amount, p.paid_amount`);
    expect(credits.rows).toHaveLength(PAYMENTS);
    for (const c of credits.rows) expect([c.n, c.total, c.paid]).toEqual([1, c.amount, c.amount]);
    const { rows: unmatched } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM transfers WHERE status <> 'credited'");
    expect(unmatched[0]!.n).toBe(0);
  }, 300_000);

  it('delivers every event at least once, in order per payment, and exactly one instance watches', async () => {
    await expect.poll(async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'")).rows[0]!.n,
      { timeout: 120_000, interval: 500 }).toBe(0);
    const { rows: events } = await db.query<{ id: string; payment_id: string }>(`SELECT e.id, e.payment_id FROM payment_events e
      JOIN webhook_deliveries d ON d.event_id = e.id ORDER BY e.seq`);
    expect(events.length).toBe(PAYMENTS * 2);
    const arrived = receiver.received.map((r) => r.event.id);
    for (const e of events) expect(arrived).toContain(e.id);
    // order per payment: the first arrival of each of its events follows the order they were recorded in
    const firstArrival = new Map<string, number>();
    arrived.forEach((id, i) => { if (!firstArrival.has(id)) firstArrival.set(id, i); });
    const byPayment = new Map<string, number[]>();
    for (const e of events) byPayment.set(e.payment_id, [...(byPayment.get(e.payment_id) ?? []), firstArrival.get(e.id)!]);
    for (const positions of byPayment.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const live = instances.map((i) => i.service.child.pid);
    const leaders = await leaderPids();
    expect(leaders).toHaveLength(1);
    expect(live).toContain(leaders[0]);
  }, 180_000);
});
