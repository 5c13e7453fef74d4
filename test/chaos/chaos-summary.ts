import { usdtText, type ChaosApi } from './chaos-client';
import { drainWebhooks, waitForCredits } from './converge';
import type { FlakyReceiver } from './flaky-receiver';
import { verify, type Verdict, type Violations } from './verify';
import type { Workload } from './workload';

/** What both engines' runs share: the setup, the last convergence and the figures they print. */

export interface ChaosOptions {
  seed: number;
  /** one round = one service life ended by kill -9 (SQLite), or one kill among the instances (PostgreSQL) */
  rounds: number;
  /** operations per round, drawn in this range (the kill usually cuts a SQLite round short) */
  opsPerRound?: [number, number];
  concurrency?: number;
  log?: (line: string) => void;
}

export interface ChaosSummary extends Verdict {
  seed: number;
  engine: 'sqlite' | 'postgres';
  instances: number;
  rounds: number;
  kills: number;
  /** kills that came from an armed crash point rather than from the clock */
  failpointKills: number;
  operations: number;
  ackedPayments: number;
  recoveredCreations: number;
  ackedTransfers: number;
  inDoubtTransfers: number;
  ackedRefunds: number;
  refundsSent: number;
  deliveriesAccepted: number;
  duplicateDeliveries: number;
  receiverRequests: number;
  /** requests answered by another instance after the first one died under them (PostgreSQL) */
  retriedRequests: number;
  /** kept for inspection when anything is wrong, else '' */
  dataDir: string;
}

export interface Setup {
  apiKey: string;
  endpointId: string;
}

/** An API key and one webhook endpoint for every event, pointing at the flaky receiver. */
export async function setUp(api: ChaosApi, receiver: FlakyReceiver): Promise<Setup> {
  const { key } = await api.mustConsole<{ key: string }>('POST', '/api-keys', { name: 'chaos' });
  const { endpoint } = await api.mustConsole<{ endpoint: { id: string } }>('POST', '/webhooks/endpoints', {
    url: receiver.url(),
    events: ['*'],
  });
  return { apiKey: key, endpointId: endpoint.id };
}

/** With nothing killed any more and a calm receiver: finish what was in doubt, let credits and webhooks converge, then judge. */
export async function settle(
  api: ChaosApi,
  workload: Workload,
  receiver: FlakyReceiver,
  setup: Setup,
  log: (line: string) => void,
): Promise<Verdict> {
  api.apiKey = setup.apiKey;
  receiver.mode = 'calm';
  log('converging: recovering creations in doubt, waiting for the watcher, draining the outbox');
  await workload.recoverCreations(api);
  await waitForCredits(api, workload.ledger);
  const { pending, failed } = await drainWebhooks(api, receiver, setup.endpointId);
  return verify(api, workload.ledger, receiver, pending + failed);
}

/** Holds what the service credited (less what it saw refunded) against the merchant's balance on chain. */
export function reconcile(verdict: Verdict, onChain: bigint): void {
  if (onChain === verdict.creditedTotal) return;
  verdict.violations.unreconciled = 1;
  verdict.details.push(
    `the merchant holds ${usdtText(onChain)} on chain, the service credited ${usdtText(verdict.creditedTotal)} net of refunds`,
  );
}

type RunFigures = Pick<
  ChaosSummary,
  'seed' | 'engine' | 'instances' | 'rounds' | 'kills' | 'failpointKills' | 'retriedRequests'
>;

/** The summary of a finished run; `dataDir` is kept only if something is wrong. */
export function summarize(
  verdict: Verdict,
  workload: Workload,
  receiver: FlakyReceiver,
  run: RunFigures,
  dataDir: string,
): ChaosSummary {
  const ledger = workload.ledger;
  // the drain's own test events are not part of the workload
  const events = receiver.received.filter((r) => r.event.type !== 'webhook.test');
  const unique = new Set(events.map((r) => r.event.id)).size;
  const ok = totalViolations(verdict.violations) === 0;
  return {
    ...verdict,
    ...run,
    details: verdict.details.slice(0, 30),
    operations: ledger.operations,
    ackedPayments: ledger.payments.size,
    recoveredCreations: ledger.acked().filter((p) => p.recovered).length,
    ackedTransfers: ledger.transfers.filter((t) => t.acked).length,
    inDoubtTransfers: ledger.transfers.filter((t) => !t.acked).length,
    ackedRefunds: ledger.refunds.filter((r) => r.id !== null).length,
    refundsSent: ledger.refunds.filter((r) => r.send === 'acked').length,
    deliveriesAccepted: events.length,
    duplicateDeliveries: events.length - unique,
    receiverRequests: receiver.arrivals,
    dataDir: ok ? '' : dataDir,
  };
}

export function totalViolations(v: Violations): number {
  return Object.values(v).reduce((a, b) => a + b, 0);
}

/** The lines `npm run chaos` prints. */
export function formatSummary(s: ChaosSummary): string {
  const v = s.violations;
  const where =
    s.engine === 'postgres'
      ? `PostgreSQL, ${s.instances} instances, ${s.retriedRequests} requests retried on another instance`
      : 'SQLite';
  return [
    `chaos seed ${s.seed} on ${where}: ${s.rounds} rounds, ${s.kills} kill -9 (${s.failpointKills} at crash points), ${s.operations} operations`,
    `  acknowledged payments ${s.ackedPayments} (${s.recoveredCreations} after a retry of a creation lost in a crash), stored ${s.paymentsStored}`,
    `  acknowledged transfers ${s.ackedTransfers}, in doubt ${s.inDoubtTransfers}, in-doubt transfers credited ${s.inDoubtCredited}`,
    `  acknowledged refunds ${s.ackedRefunds}, sent by the merchant's wallet ${s.refundsSent}`,
    `  events stored ${s.eventsStored}, deliveries accepted ${s.deliveriesAccepted} (${s.duplicateDeliveries} duplicates), receiver requests ${s.receiverRequests}`,
    `  lost ${v.lostPayments + v.lostCancels + v.lostRefunds}, double credits ${v.doubleCredits}, undelivered events ${v.undeliveredEvents}, order violations ${v.orderViolations}`,
    `  lost credits ${v.lostCredits}, paid mismatches ${v.paidMismatches}, refund mismatches ${v.refundMismatches}, duplicate creations ${v.duplicateCreations}, stuck deliveries ${v.stuckDeliveries}, chain vs ledger ${v.unreconciled ? 'DIFFER' : 'agree'}, anomalies ${v.anomalies}`,
    ...s.details.map((d) => `  ! ${d}`),
    ...(s.dataDir ? [`  data directory kept for inspection: ${s.dataDir}`] : []),
  ].join('\n');
}
