// Once, before any test file: builds what the tests run or read (the built CLIs, the payment pages
// and widget, the console) if it is missing or its sources changed. `npx vitest run` then works on
// a fresh clone like `npm test`, and no two test files build the same thing at once.
//
// vitest runs a project's globalSetup once per project taking part in the run (one after the other,
// in the main process, before any worker is forked), and each project loads this module afresh. So
// what the whole run shares (the build, the temp root) is kept on globalThis: the first project to
// arrive makes it, the last to leave removes it. The postgres project adds one PostgreSQL cluster,
// published to the workers through the environment (TONTILL_TEST_PG_URL), which they inherit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../scripts/build-freshness.mjs';
import { startLocalPostgres, type LocalPostgres } from '../scripts/local-postgres';
import { migratePg, openPgPool } from '../server/storage/postgres/pg-database';
import {
  CLUSTER_FOLDER,
  markRunOwner,
  removeOnExit,
  RUN_FOLDER_PREFIX,
  sweepLeftoverRuns,
} from './helpers/leftover-runs';
import { TEST_PG_URL_ENV, TEST_TEMPLATE_DATABASE } from './helpers/test-database';

interface RunState {
  projects: number;
  root: string;
  cancelExitCleanup: () => void;
}

const RUN_STATE = Symbol.for('tontill.test-run');
const shared = globalThis as { [RUN_STATE]?: RunState };

function joinRun(): RunState {
  let state = shared[RUN_STATE];
  if (!state) {
    ensureBuilt(join(import.meta.dirname, '..'), ['server', 'web', 'console']);
    // Every temporary directory of the run (ledgers, browser profiles, the services tests spawn, the
    // PostgreSQL cluster) goes under one folder, removed at the end: a shared CI machine is not left
    // with a ledger per test. The folder names its owner, so a run killed before its end has what it
    // left (a cluster still running) stopped and removed by the next run, here.
    for (const root of sweepLeftoverRuns(tmpdir()))
      console.error(`tests: removed ${root}, left by a run that was killed`);
    const root = mkdtempSync(join(tmpdir(), RUN_FOLDER_PREFIX));
    markRunOwner(root);
    state = { projects: 0, root, cancelExitCleanup: removeOnExit(root) };
    process.env.TMPDIR = state.root;
    shared[RUN_STATE] = state;
  }
  state.projects += 1;
  return state;
}

function leaveRun(state: RunState): void {
  state.projects -= 1;
  if (state.projects > 0) return;
  state.cancelExitCleanup();
  rmSync(state.root, { recursive: true, force: true });
  delete shared[RUN_STATE];
}

/** One cluster for the whole postgres project, with a migrated template each test database is copied from. */
async function startTestCluster(root: string): Promise<LocalPostgres> {
  const started = Date.now();
  const cluster = await startLocalPostgres({ dir: join(root, CLUSTER_FOLDER), durable: false });
  try {
    const templateStarted = Date.now();
    await cluster.createDatabase(TEST_TEMPLATE_DATABASE);
    const pool = openPgPool(cluster.url(TEST_TEMPLATE_DATABASE), { max: 1 });
    try {
      await migratePg(pool);
    } finally {
      await pool.end();
    }
    console.error(
      `postgres: test cluster on port ${cluster.port} in ${templateStarted - started} ms, template migrated in ${Date.now() - templateStarted} ms`,
    );
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const state = joinRun();
  let cluster: LocalPostgres | undefined;
  try {
    if (project.name === 'postgres') {
      cluster = await startTestCluster(state.root);
      process.env[TEST_PG_URL_ENV] = cluster.url('postgres');
    }
  } catch (err) {
    leaveRun(state);
    throw err;
  }
  return async () => {
    if (cluster) {
      delete process.env[TEST_PG_URL_ENV];
      await cluster.stop();
    }
    leaveRun(state);
  };
}
