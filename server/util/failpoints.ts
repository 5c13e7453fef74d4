/**
 * Crash points for the durability tests: with TONTILL_FAILPOINT=<name> (and optionally
 * TONTILL_FAILPOINT_HIT=<n>), the n-th time the named point is reached the process SIGKILLs
 * itself, exactly where a power cut or OOM kill would hurt most. With TONTILL_FAILPOINT_ACTION=stop
 * it SIGSTOPs itself there instead, so a test can choose what happens next (SIGKILL it, or SIGCONT
 * it once another process has moved on). Unset, it costs one comparison.
 */
const armed = process.env.TONTILL_FAILPOINT ?? null;
const killOnHit = Number(process.env.TONTILL_FAILPOINT_HIT ?? '1');
const signal = process.env.TONTILL_FAILPOINT_ACTION === 'stop' ? 'SIGSTOP' : 'SIGKILL';
let hits = 0;

export function failpoint(name: string): void {
  if (armed !== name) return;
  hits += 1;
  if (hits === killOnHit) process.kill(process.pid, signal);
}
