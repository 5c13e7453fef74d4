export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** uniform in [0, 1); injectable so tests are deterministic */
  random: () => number;
}

/**
 * Delay before retry number `attempt` (1 = first retry): exponential growth capped at maxMs,
 * with full jitter so that many clients hitting the same 429 do not retry in lockstep.
 */
export function nextBackoffMs(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  // Beyond 2^52 the product stops being exact and is capped anyway.
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const cap = Math.min(maxMs, baseMs * 2 ** exponent);
  return Math.floor(random() * cap);
}
