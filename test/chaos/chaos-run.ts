import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnService, stopService, writeServiceConfig, type ServiceProcess } from '../helpers/service-process';
import { merchantChainBalance } from './chain-balance';
import { simulatorActions } from './chain-actions';
import { ServiceApi } from './chaos-client';
import { reconcile, settle, setUp, summarize, type ChaosOptions, type ChaosSummary, type Setup } from './chaos-summary';
import { FlakyReceiver } from './flaky-receiver';
import { Prng } from './prng';
import type { Verdict } from './verify';
import { Workload } from './workload';

/**
 * Drives the real service (a child process on a fresh data directory) with payments, simulated
 * transfers and webhook deliveries to a flaky receiver, kills it with SIGKILL at a random moment
 * of every round, restarts it on the same directory, then lets it converge and checks what the
 * client was told. Every choice comes from `seed`; the timing of the machine does not, so a
 * replay runs the same plan, not necessarily the same interleaving.
 */
export async function runChaosSqlite(options: ChaosOptions): Promise<ChaosSummary> {
  const log = options.log ?? (() => undefined);
  const rng = new Prng(options.seed);
  const workload = new Workload(rng.fork(1), `chaos-${options.seed}`, simulatorActions);
  const receiver = await FlakyReceiver.start(rng.fork(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'tontill-chaos-'));
  writeServiceConfig(dataDir, { chain: { pollIntervalMs: 200 }, rateLimit: { enabled: false }, logLevel: 'warn' });
  const state: RunState = { setup: null, kills: 0, failpointKills: 0 };
  try {
    for (let round = 1; round <= options.rounds; round += 1) {
      const ops = rng.int(...(options.opsPerRound ?? [6, 20]));
      // half the kills land while a chosen request is in flight (mid-write), half in between requests
      const onStart = rng.chance(0.5);
      const plan: RoundPlan = {
        ops,
        killAt: rng.int(1, ops),
        on: onStart ? 'start' : 'answer',
        delayMs: onStart ? rng.int(0, 150) : rng.int(0, 400),
        concurrency: options.concurrency ?? 3,
        // some lives also die by their own hand at one of the service's crash points, the worst moments there are
        failpoint: round > 1 && rng.chance(0.3) ? { name: rng.pick(FAILPOINTS), hit: rng.int(1, 3) } : null,
      };
      receiver.mode = rng.chance(0.25) ? 'down' : 'flaky';
      const ran = await oneLife(dataDir, workload, receiver, state, plan);
      log(
        `round ${round}/${options.rounds}: receiver ${receiver.mode}, ${ran} of ${plan.ops} operations run, kill -9 ${plan.delayMs} ms after the ${plan.on} of operation ${plan.killAt}${armedWith(plan)}`,
      );
    }
    const verdict = await finish(dataDir, workload, receiver, state.setup, log);
    const run = {
      seed: options.seed,
      engine: 'sqlite' as const,
      instances: 1,
      rounds: options.rounds,
      kills: state.kills,
      failpointKills: state.failpointKills,
      retriedRequests: 0,
    };
    const summary = summarize(verdict, workload, receiver, run, dataDir);
    if (!summary.dataDir) rmSync(dataDir, { recursive: true, force: true });
    return summary;
  } catch (err) {
    throw new Error(`chaos seed ${options.seed}: ${(err as Error).message}\n(data directory kept: ${dataDir})`, {
      cause: err,
    });
  } finally {
    await receiver.stop();
  }
}

interface RunState {
  setup: Setup | null;
  kills: number;
  failpointKills: number;
}

/** Crash points the service can be armed with (server/util/failpoints.ts); a name it no longer has just never fires. */
const FAILPOINTS = ['credit-batch-midway', 'sandbox-state-before-rename'];

const armedWith = (plan: RoundPlan) =>
  plan.failpoint ? `, armed with ${plan.failpoint.name} #${plan.failpoint.hit}` : '';

/** One service life: start, (first time) set up, retry lost creations, run the round, and make sure it ends by SIGKILL. */
async function oneLife(
  dataDir: string,
  workload: Workload,
  receiver: FlakyReceiver,
  state: RunState,
  plan: RoundPlan,
): Promise<number> {
  const env: Record<string, string> = plan.failpoint
    ? { TONTILL_FAILPOINT: plan.failpoint.name, TONTILL_FAILPOINT_HIT: String(plan.failpoint.hit) }
    : {};
  let service: ServiceProcess;
  try {
    service = await spawnService(dataDir, env);
  } catch (err) {
    // a failpoint may fire while the service catches up at start, before it listens
    if (!plan.failpoint || !/exited \(SIGKILL\) before listening/.test((err as Error).message)) throw err;
    state.kills += 1;
    state.failpointKills += 1;
    return 0;
  }
  const life = {
    byUs: false,
    kill: () => {
      life.byUs = true;
      service.child.kill('SIGKILL');
    },
  };
  try {
    const api = new ServiceApi(service.url, service.consoleToken);
    state.setup ??= await setUp(api, receiver);
    api.apiKey = state.setup.apiKey;
    await workload.recoverCreations(api);
    return await runRound(api, service, workload, plan, life.kill);
  } finally {
    if (service.child.exitCode === null && service.child.signalCode === null) life.kill();
    const how = await service.exited;
    if (how !== 'SIGKILL')
      throw new Error(`the service ended with ${String(how)} before it was killed:\n${service.output()}`);
    state.kills += 1;
    if (!life.byUs) state.failpointKills += 1;
  }
}

interface RoundPlan {
  ops: number;
  /** the kill is timed from this operation's start or answer */
  killAt: number;
  on: 'start' | 'answer';
  delayMs: number;
  concurrency: number;
  failpoint: { name: string; hit: number } | null;
}

/** Runs operations concurrently and SIGKILLs the service at the planned moment, whatever is in flight. */
async function runRound(
  api: ServiceApi,
  service: ServiceProcess,
  workload: Workload,
  plan: RoundPlan,
  kill: () => void,
): Promise<number> {
  let started = 0;
  let answered = 0;
  let killed = service.child.exitCode !== null || service.child.signalCode !== null;
  let armed: Promise<void> | null = null;
  const arm = () => {
    armed = new Promise((resolve) =>
      setTimeout(() => {
        if (!killed) kill();
        killed = true;
        resolve();
      }, plan.delayMs),
    );
  };
  void service.exited.then(() => {
    killed = true;
  });
  const worker = async () => {
    while (!killed && started < plan.ops) {
      started += 1;
      const step = workload.step(api);
      if (plan.on === 'start' && started === plan.killAt) arm();
      await step;
      answered += 1;
      if (plan.on === 'answer' && answered === plan.killAt) arm();
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  await armed;
  return answered;
}

/** A last, unharmed service life: converge, verify, stop cleanly, then hold the ledger against the chain. */
async function finish(
  dataDir: string,
  workload: Workload,
  receiver: FlakyReceiver,
  setup: Setup | null,
  log: (line: string) => void,
): Promise<Verdict> {
  if (!setup) throw new Error('no round ran');
  const service = await spawnService(dataDir);
  let verdict: Verdict;
  try {
    verdict = await settle(new ServiceApi(service.url, service.consoleToken), workload, receiver, setup, log);
  } finally {
    await stopService(service);
  }
  reconcile(verdict, await merchantChainBalance(dataDir));
  return verdict;
}
