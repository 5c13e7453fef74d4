import { describe, expect, it } from 'vitest';
import { runChaosPostgres } from '../chaos/chaos-pg-run';
import { formatSummary } from '../chaos/chaos-summary';
import { randomSeed } from '../chaos/prng';
import { NO_VIOLATIONS } from '../chaos/verify';
import { tempDir } from '../helpers/test-app';
import { dropTestDatabase, testDatabaseUrl } from '../helpers/test-database';

// CHAOS_SEED replays a failed run's plan: the seed is printed with every summary.
const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomSeed();

/**
 * A short run of `npm run chaos -- --engine postgres`: three instances on one ledger, one killed in
 * every round (the watcher mid-credit, or any of them mid-request), the client retrying on another.
 */
describe('chaos on PostgreSQL: instances killed under load', () => {
  it(`loses no acknowledged write, credits each transfer once, delivers every event in order (seed ${seed})`, async () => {
    const root = tempDir('tontill-chaos-pg-test-');
    try {
      const summary = await runChaosPostgres({
        seed,
        rounds: 4,
        opsPerRound: [6, 12],
        instances: 3,
        databaseUrl: await testDatabaseUrl(root.path),
      });
      console.log(formatSummary(summary));
      expect(summary.kills).toBeGreaterThanOrEqual(4);
      expect(summary.ackedPayments).toBeGreaterThan(0);
      expect(summary.details).toEqual([]);
      expect(summary.violations).toEqual(NO_VIOLATIONS);
    } finally {
      await dropTestDatabase(root.path);
      root.remove();
    }
  }, 600_000);
});
