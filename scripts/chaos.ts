import { parseArgs } from 'node:util';
import { formatSummary, runChaos, totalViolations } from '../test/chaos/chaos-run';
import { randomSeed } from '../test/chaos/prng';

/** `npm run chaos -- --rounds N [--seed S]`: the chaos test, longer; exits 1 on any violation. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' }, seed: { type: 'string' } } });
  const rounds = Number(values.rounds);
  const seed = values.seed === undefined ? randomSeed() : Number(values.seed);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a non-negative integer');
  console.error(`chaos: seed ${seed}, ${rounds} rounds (replay with --seed ${seed})`);
  const summary = await runChaos({ seed, rounds, log: (line) => console.error(`chaos: ${line}`) });
  console.log(formatSummary(summary));
  process.exitCode = totalViolations(summary.violations) === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
