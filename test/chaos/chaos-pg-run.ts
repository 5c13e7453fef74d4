import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ServedChain } from '../postgres/shared-ledger-kit';
import { merchantBalance } from './chain-balance';
import { servedChainActions } from './chain-actions';
import { ChaosCluster } from './chaos-cluster';
import { reconcile, settle, setUp, summarize, type ChaosOptions, type ChaosSummary } from './chaos-summary';
import { ClusterApi } from './cluster-api';
import { FlakyReceiver } from './flaky-receiver';
import { Prng } from './prng';
import { Workload } from './workload';

export interface PgChaosOptions extends ChaosOptions {
  instances: number;
  /** the shared ledger: an empty database (the first instance migrates it) or a migrated one */
  databaseUrl: string;
}

interface RoundPlan {
  ops: number;
  /** the kill is timed from this operation's start or answer */
  killAt: number;
  on: 'start' | 'answer';
  delayMs: number;
  /** the instance watching the chain at that moment (crediting, as transfers keep arriving), or any */
  victim: 'watcher' | 'any';
  index: number;
}

/**
 * The chaos run on PostgreSQL: `instances` built services on one ledger and one chain (held by the
 * run, served to them all through a loopback toncenter), a client spreading requests over the live
 * ones, and in every round one of them SIGKILLed mid-request (creations, refunds, deliveries in
 * flight) or the watching one mid-credit; some lives also kill themselves halfway through a credit
 * batch. Killed instances start again at once. Then the same convergence and checks as on SQLite.
 */
export async function runChaosPostgres(options: PgChaosOptions): Promise<ChaosSummary> {
  const log = options.log ?? (() => undefined);
  const rng = new Prng(options.seed);
  const served = await ServedChain.start();
  const workload = new Workload(rng.fork(1), `chaos-${options.seed}`, servedChainActions(served));
  const receiver = await FlakyReceiver.start(rng.fork(2));
  const root = mkdtempSync(join(tmpdir(), 'tontill-chaos-pg-'));
  // instance configs, as in the three-instance test; the watcher polls often so kills land mid-credit
  const cluster = new ChaosCluster(
    root,
    { databaseUrl: options.databaseUrl, served, pollIntervalMs: 200, watcherBatchSize: 4 },
    options.instances,
    rng.fork(3),
  );
  const db = new pg.Client({ connectionString: options.databaseUrl });
  let kept = false;
  try {
    await db.connect();
    await cluster.start();
    const api = new ClusterApi(() => cluster.live());
    const setup = await setUp(api, receiver);
    api.apiKey = setup.apiKey;
    for (let round = 1; round <= options.rounds; round += 1) {
      const plan = planRound(rng, options.opsPerRound ?? [6, 20]);
      receiver.mode = rng.chance(0.25) ? 'down' : 'flaky';
      await workload.recoverCreations(api);
      const victim = await runRound(api, cluster, db, workload, plan, options.concurrency ?? 3);
      await cluster.settled();
      log(
        `round ${round}/${options.rounds}: receiver ${receiver.mode}, ${plan.ops} operations, kill -9 of ${victim ?? 'nobody (one instance left)'} ${plan.delayMs} ms after the ${plan.on} of operation ${plan.killAt}`,
      );
    }
    const verdict = await settle(api, workload, receiver, setup, log);
    reconcile(verdict, await merchantBalance(served.chain));
    const run = {
      seed: options.seed,
      engine: 'postgres' as const,
      instances: options.instances,
      rounds: options.rounds,
      kills: cluster.kills,
      failpointKills: cluster.failpointKills,
      retriedRequests: api.retried,
    };
    const summary = summarize(verdict, workload, receiver, run, root);
    kept = summary.dataDir !== '';
    return summary;
  } catch (err) {
    kept = true;
    throw new Error(
      `chaos seed ${options.seed} on PostgreSQL: ${(err as Error).message}\n(data directories kept: ${root})`,
      { cause: err },
    );
  } finally {
    await cluster.stop();
    await db.end().catch(() => undefined);
    await served.close();
    await receiver.stop();
    if (!kept) rmSync(root, { recursive: true, force: true });
  }
}

function planRound(rng: Prng, opsPerRound: [number, number]): RoundPlan {
  const ops = rng.int(...opsPerRound);
  // half the kills land while a chosen request is in flight, half in between requests
  const onStart = rng.chance(0.5);
  return {
    ops,
    killAt: rng.int(1, ops),
    on: onStart ? 'start' : 'answer',
    delayMs: onStart ? rng.int(0, 150) : rng.int(0, 400),
    victim: rng.chance(0.5) ? 'watcher' : 'any',
    index: rng.int(0, 1_000),
  };
}

/** Runs the round's operations over the live instances and SIGKILLs one at the planned moment; returns its name. */
async function runRound(
  api: ClusterApi,
  cluster: ChaosCluster,
  db: pg.Client,
  workload: Workload,
  plan: RoundPlan,
  concurrency: number,
): Promise<string | null> {
  let started = 0;
  let answered = 0;
  let kill = null as Promise<string | null> | null;
  const arm = () => {
    kill = new Promise((resolve) => setTimeout(() => resolve(cluster.kill(plan.victim, plan.index, db)), plan.delayMs));
  };
  const worker = async () => {
    while (started < plan.ops) {
      started += 1;
      const step = workload.step(api);
      if (plan.on === 'start' && started === plan.killAt) arm();
      await step;
      answered += 1;
      if (plan.on === 'answer' && answered === plan.killAt) arm();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (await kill) ?? null;
}
