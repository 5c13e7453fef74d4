import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runChaosPostgres } from '../test/chaos/chaos-pg-run';
import { runChaosSqlite } from '../test/chaos/chaos-run';
import { formatSummary, totalViolations, type ChaosOptions, type ChaosSummary } from '../test/chaos/chaos-summary';
import { randomSeed } from '../test/chaos/prng';
import { ensureBuilt } from './build-freshness.mjs';
import { startLocalPostgres } from './local-postgres';

const ROOT = join(import.meta.dirname, '..');

interface Flags {
  rounds: number;
  seed: number;
  engine: 'sqlite' | 'postgres';
  instances: number;
}

function flags(): Flags {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '30' },
      seed: { type: 'string' },
      engine: { type: 'string', default: 'sqlite' },
      instances: { type: 'string', default: '3' },
    },
  });
  const rounds = Number(values.rounds);
  const seed = values.seed === undefined ? randomSeed() : Number(values.seed);
  const instances = Number(values.instances);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a non-negative integer');
  if (values.engine !== 'sqlite' && values.engine !== 'postgres')
    throw new Error('--engine must be sqlite or postgres');
  if (!Number.isInteger(instances) || instances < 2 || instances > 10)
    throw new Error('--instances must be an integer from 2 to 10');
  return { rounds, seed, engine: values.engine, instances };
}

/** A throwaway PostgreSQL cluster of its own (as `serve:pg`), with one empty database the first instance migrates. */
async function onPostgres(
  options: ChaosOptions,
  instances: number,
  log: (line: string) => void,
): Promise<ChaosSummary> {
  // built once here: several instances finding a stale dist/ at once would each rebuild it
  ensureBuilt(ROOT, ['server', 'web', 'console']);
  const dir = mkdtempSync(join(tmpdir(), 'tontill-chaos-'));
  try {
    const cluster = await startLocalPostgres({ dir: join(dir, 'postgres'), log });
    try {
      await cluster.createDatabase('tontill_chaos');
      return await runChaosPostgres({ ...options, instances, databaseUrl: cluster.url('tontill_chaos') });
    } finally {
      await cluster.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run chaos -- [--rounds N] [--seed S] [--engine sqlite|postgres] [--instances N]`: the chaos
 * test, longer, on SQLite (one service) or PostgreSQL (N instances on one ledger, 3 by default);
 * exits 1 on any violation.
 */
async function main(): Promise<void> {
  const { rounds, seed, engine, instances } = flags();
  const log = (line: string) => console.error(`chaos: ${line}`);
  const on = engine === 'postgres' ? `PostgreSQL, ${instances} instances` : 'SQLite';
  console.error(`chaos: seed ${seed}, ${rounds} rounds on ${on} (replay with --seed ${seed})`);
  const options: ChaosOptions = { seed, rounds, log };
  const summary = engine === 'postgres' ? await onPostgres(options, instances, log) : await runChaosSqlite(options);
  console.log(formatSummary(summary));
  process.exitCode = totalViolations(summary.violations) === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
