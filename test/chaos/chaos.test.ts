import { describe, expect, it } from 'vitest';
import { runChaosSqlite } from './chaos-run';
import { formatSummary } from './chaos-summary';
import { randomSeed } from './prng';
import { NO_VIOLATIONS } from './verify';

// CHAOS_SEED replays a failed run's plan: the seed is printed with every summary.
const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomSeed();

describe('chaos: kill -9 under load', () => {
  it(`loses no acknowledged payment, credits each transfer once, delivers every event in order (seed ${seed})`, async () => {
    const summary = await runChaosSqlite({ seed, rounds: 10, opsPerRound: [4, 10] });
    console.log(formatSummary(summary));
    expect(summary.kills).toBeGreaterThanOrEqual(10);
    expect(summary.ackedPayments).toBeGreaterThan(0);
    expect(summary.details).toEqual([]);
    expect(summary.violations).toEqual(NO_VIOLATIONS);
  }, 1_200_000);
});
