import { randomUUID } from 'node:crypto';
import type { DeliveryRepository, DueDelivery } from './delivery-repository';
import type { EndpointHealth, EndpointRepository } from './endpoint-repository';
import type { SendResult } from './http-sender';
import { classify, nextAttemptAt, type AttemptOutcome, type RetryPolicy } from './retry-policy';

/** One finished HTTP attempt, as the dispatcher hands it over for recording. */
export interface FinishedAttempt {
  row: DueDelivery;
  at: number;
  headers: Record<string, string>;
  body: string;
  result: SendResult;
  durationMs: number;
  /** refused before any request (bad URL): final */
  refused: boolean;
}

export interface SettlementDeps {
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  policy: RetryPolicy;
  random: () => number;
  log?: { warn(fields: Record<string, unknown>, message: string): void } | undefined;
}

/**
 * Records a batch of attempts and their consequences; the caller wraps it in one transaction.
 * Returns the retry times it scheduled, so the dispatcher can wake up for them.
 */
export function settleBatch(deps: SettlementDeps, batch: readonly FinishedAttempt[], now: number): number[] {
  const retries: number[] = [];
  const health = new Map<string, boolean[]>();
  for (const done of batch) {
    const outcome: AttemptOutcome = done.refused ? { kind: 'give-up', reason: done.result.error ?? 'refused' } : classify(done.result.statusCode, done.result.error);
    const next = settleOne(deps, done, outcome, now);
    if (next !== null) retries.push(next);
    if (done.row.endpointId) health.set(done.row.endpointId, [...(health.get(done.row.endpointId) ?? []), outcome.kind === 'delivered']);
  }
  for (const [endpointId, outcomes] of health) updateHealth(deps, endpointId, outcomes, now);
  return retries;
}

function settleOne(deps: SettlementDeps, done: FinishedAttempt, outcome: AttemptOutcome, now: number): number | null {
  const { row, result } = done;
  deps.deliveries.recordAttempt({
    id: `wha_${randomUUID().replaceAll('-', '')}`, deliveryId: row.id, at: done.at, url: row.url, requestHeaders: done.headers, requestBody: done.body,
    responseStatus: result.statusCode, responseBody: result.responseBody, durationMs: done.durationMs, error: result.error,
  });
  const base = { id: row.id, url: row.url, statusCode: result.statusCode, nextAttemptAt: now, deliveredAt: null };
  if (outcome.kind === 'delivered') {
    deps.deliveries.settle({ ...base, status: 'delivered', error: null, deliveredAt: now });
    return null;
  }
  const next = outcome.kind === 'retry' ? nextAttemptAt(deps.policy, row.attempts + 1, now, row.giveUpAt, deps.random) : null;
  const error = outcome.kind === 'retry' && next === null ? `gave up after ${row.attempts + 1} attempts: ${outcome.reason}` : outcome.reason;
  deps.deliveries.settle({ ...base, status: next === null ? 'failed' : 'pending', nextAttemptAt: next ?? now, error });
  return next;
}

/**
 * Consecutive failures mark an endpoint failing (it keeps being retried). A 2xx from a failing
 * endpoint clears it and pulls its backlog forward, so a recovered receiver catches up at once.
 */
function updateHealth(deps: SettlementDeps, endpointId: string, outcomes: readonly boolean[], now: number): void {
  const before = deps.endpoints.health(endpointId);
  if (!before) return;
  const state: EndpointHealth = { ...before, lastDeliveryAt: now };
  let recovered = false;
  for (const ok of outcomes) {
    if (ok) {
      recovered ||= state.status === 'failing';
      Object.assign(state, { status: 'active', consecutiveFailures: 0, failingSince: null });
    } else {
      state.consecutiveFailures += 1;
      state.failingSince ??= now;
      if (state.consecutiveFailures >= deps.policy.failingThreshold) state.status = 'failing';
    }
  }
  deps.endpoints.saveHealth(endpointId, state);
  if (before.status === 'active' && state.status === 'failing') {
    deps.log?.warn({ endpointId, failures: state.consecutiveFailures }, 'webhook endpoint marked failing; its deliveries keep retrying');
  }
  if (recovered && state.status === 'active') deps.deliveries.hurry(endpointId, now);
}
