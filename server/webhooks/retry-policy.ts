import { exponentialDelayMs } from '../util/backoff';

/** When to try again, and whether to. Pure functions: the dispatcher injects time and randomness. */
export interface RetryPolicy {
  /** first retry after about this long */
  baseDelayMs: number;
  /** backoff stops growing here */
  maxDelayMs: number;
  /** a delivery is given up this long after it was created */
  giveUpAfterMs: number;
  /** consecutive failed attempts that mark an endpoint failing */
  failingThreshold: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 15_000,
  maxDelayMs: 4 * 3600_000,
  giveUpAfterMs: 3 * 24 * 3600_000,
  failingThreshold: 5,
};

export type AttemptOutcome =
  { kind: 'delivered' } | { kind: 'retry'; reason: string } | { kind: 'give-up'; reason: string };

/**
 * 2xx delivers; every other answer, a network error or a timeout is retried until the delivery's
 * time is up (Stripe's rule). A refusing receiver (a wrong or freshly rotated secret, a bug, a
 * moved URL) is usually fixed within days; treating its 4xx as final would drop the event silently.
 */
export function classify(statusCode: number | null, error: string | null): AttemptOutcome {
  if (statusCode === null) return { kind: 'retry', reason: error ?? 'no response' };
  if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered' };
  if (statusCode >= 300 && statusCode < 400)
    return { kind: 'retry', reason: `HTTP ${statusCode}: redirects are not followed` };
  return { kind: 'retry', reason: `HTTP ${statusCode}` };
}

/**
 * Exponential backoff, scaled by a random factor in [0.75, 1.25) so receivers that come back are not
 * hit by every sender at once, while a merchant can still tell when the next attempt comes (the
 * watcher's full jitter would make that anywhere from now to the cap).
 * `attempt` counts attempts made so far (1 after the first failure).
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  return Math.round(exponentialDelayMs(attempt, policy.baseDelayMs, policy.maxDelayMs) * (0.75 + random() * 0.5));
}

/** The next attempt time, or null when the delivery's time is up. */
export function nextAttemptAt(
  policy: RetryPolicy,
  attempt: number,
  now: number,
  giveUpAt: number,
  random: () => number,
): number | null {
  if (now >= giveUpAt) return null;
  return Math.min(now + retryDelayMs(policy, attempt, random), giveUpAt);
}
