/**
 * base·2^(attempt-1), capped at `maxMs`: how every retry loop of the service grows its wait
 * (`attempt` 1 is the first retry). Each loop adds its own jitter to it.
 */
export function exponentialDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  // Beyond 2^52 the product stops being exact and is capped anyway.
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
