import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../storage/storage-port';
import type { SendResult } from './http-sender';
import { classify, nextAttemptAt, type AttemptOutcome, type RetryPolicy } from './retry-policy';
import type { DueDelivery, EndpointHealth } from '../storage/records';

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

export interface SettlementPolicy {
  policy: RetryPolicy;
  random: () => number;
  log?: { warn(fields: Record<string, unknown>, message: string): void } | undefined;
}

/**
 * Records a batch of attempts and their consequences in one unit of work. Returns the retry times
 * it scheduled, so the dispatcher can wake up for them.
 */
export async function settleBatch(
  uow: UnitOfWork,
  deps: SettlementPolicy,
  batch: readonly FinishedAttempt[],
  now: number,
): Promise<number[]> {
  const retries: number[] = [];
  const health = new Map<string, boolean[]>();
  for (const done of batch) {
    const outcome: AttemptOutcome = done.refused
      ? { kind: 'give-up', reason: done.result.error ?? 'refused' }
      : classify(done.result.statusCode, done.result.error);
    const next = await settleOne(uow, deps, done, outcome, now);
    if (next !== null) retries.push(next);
    if (done.row.endpointId)
      health.set(done.row.endpointId, [...(health.get(done.row.endpointId) ?? []), outcome.kind === 'delivered']);
  }
  for (const [endpointId, outcomes] of health) await updateHealth(uow, deps, endpointId, outcomes, now);
  return retries;
}

async function settleOne(
  uow: UnitOfWork,
  deps: SettlementPolicy,
  done: FinishedAttempt,
  outcome: AttemptOutcome,
  now: number,
): Promise<number | null> {
  const { row, result } = done;
  await uow.deliveries.recordAttempt({
    id: `wha_${randomUUID().replaceAll('-', '')}`,
    deliveryId: row.id,
    at: done.at,
    url: row.url,
    requestHeaders: done.headers,
    requestBody: done.body,
    responseStatus: result.statusCode,
    responseBody: result.responseBody,
    durationMs: done.durationMs,
    error: result.error,
  });
  const base = { id: row.id, url: row.url, statusCode: result.statusCode, nextAttemptAt: now, deliveredAt: null };
  if (outcome.kind === 'delivered') {
    await uow.deliveries.settle({ ...base, status: 'delivered', error: null, deliveredAt: now });
    return null;
  }
  const next =
    outcome.kind === 'retry' ? nextAttemptAt(deps.policy, row.attempts + 1, now, row.giveUpAt, deps.random) : null;
  const error =
    outcome.kind === 'retry' && next === null
      ? `gave up after ${row.attempts + 1} attempts: ${outcome.reason}`
      : outcome.reason;
  await uow.deliveries.settle({
    ...base,
    status: next === null ? 'failed' : 'pending',
    nextAttemptAt: next ?? now,
    error,
  });
  return next;
}

/**
 * Consecutive failures mark an endpoint failing (it keeps being retried). A 2xx from a failing
 * endpoint clears it and pulls its backlog forward, so a recovered receiver catches up at once.
 */
async function updateHealth(
  uow: UnitOfWork,
  deps: SettlementPolicy,
  endpointId: string,
  outcomes: readonly boolean[],
  now: number,
): Promise<void> {
  const before = await uow.endpoints.health(endpointId);
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
  await uow.endpoints.saveHealth(endpointId, state);
  if (before.status === 'active' && state.status === 'failing') {
    deps.log?.warn(
      { endpointId, failures: state.consecutiveFailures },
      'webhook endpoint marked failing; its deliveries keep retrying',
    );
  }
  if (recovered && state.status === 'active') await uow.deliveries.hurry(endpointId, now);
}
