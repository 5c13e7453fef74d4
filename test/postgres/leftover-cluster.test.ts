import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalPostgres } from '../../scripts/local-postgres';
import { tempDir } from '../helpers/test-app';
import { CLUSTER_FOLDER, markRunOwner, RUN_FOLDER_PREFIX, sweepLeftoverRuns } from '../helpers/leftover-runs';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Whether anything accepts a connection on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

// Throwaway clusters started by the real code, laid out as global-setup.ts does: <parent>/tontill-tests-…/postgres.
describe('a test run killed with its PostgreSQL cluster running', () => {
  it("has its cluster stopped and its folder removed by the next run's set-up", async () => {
    const parent = tempDir('tontill-leftover-pg-');
    try {
      const run = join(parent.path, `${RUN_FOLDER_PREFIX}killed`);
      const cluster = await startLocalPostgres({ dir: join(run, CLUSTER_FOLDER), durable: false });
      const deadOwner = 4_000_001;
      markRunOwner(run, deadOwner);
      expect(await listening(cluster.port)).toBe(true);

      expect(sweepLeftoverRuns(parent.path, (pid) => pid !== deadOwner)).toEqual([run]);
      expect(await listening(cluster.port), 'the cluster still runs').toBe(false);
      expect(existsSync(run)).toBe(false);
    } finally {
      parent.remove();
    }
  }, 120_000);

  it('stops it on its way out when it exits without its teardown, as vitest does on Ctrl+C and SIGTERM', async () => {
    const parent = tempDir('tontill-leftover-pg-');
    try {
      const run = join(parent.path, `${RUN_FOLDER_PREFIX}interrupted`);
      // the run's main process: a cluster, the exit hook global-setup.ts sets, then process.exit()
      // with no teardown run, which is what vitest's SIGINT and SIGTERM handlers do
      const script = join(parent.path, 'interrupted-run.mts');
      writeFileSync(
        script,
        [
          `import { startLocalPostgres } from ${JSON.stringify(join(ROOT, 'scripts/local-postgres.ts'))};`,
          `import { removeOnExit } from ${JSON.stringify(join(ROOT, 'test/helpers/leftover-runs.ts'))};`,
          `const cluster = await startLocalPostgres({ dir: ${JSON.stringify(join(run, CLUSTER_FOLDER))}, durable: false });`,
          `removeOnExit(${JSON.stringify(run)});`,
          'console.log(cluster.port);',
          'process.exit(130);',
        ].join('\n'),
      );
      const child = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [script], { encoding: 'utf8' });
      expect(child.status, child.stderr).toBe(130);
      const port = Number(child.stdout.trim());
      expect(port).toBeGreaterThan(0);
      expect(await listening(port), 'the cluster outlived its run').toBe(false);
      expect(existsSync(run)).toBe(false);
    } finally {
      parent.remove();
    }
  }, 120_000);
});
