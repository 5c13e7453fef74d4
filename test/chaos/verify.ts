import { arrivalOrderByPayment } from '../webhooks/receiver';
import { micro, usdtText, type ChaosApi } from './chaos-client';
import { listPayments, type ListedPayment } from './converge';
import type { FlakyReceiver } from './flaky-receiver';
import type { ClientLedger } from './workload';

/** The counts the run is judged by; every one under "violations" must be 0. */
export interface Violations {
  lostPayments: number;
  lostCancels: number;
  duplicateCreations: number;
  lostCredits: number;
  doubleCredits: number;
  paidMismatches: number;
  /** an acknowledged refund the service no longer lists, or one the merchant's wallet sent that never turned sent */
  lostRefunds: number;
  /** a payment's refundedAmount is not the sum of its sent refunds */
  refundMismatches: number;
  undeliveredEvents: number;
  orderViolations: number;
  stuckDeliveries: number;
  /** the merchant's balance on chain differs from what the service credited */
  unreconciled: number;
  anomalies: number;
}

export const NO_VIOLATIONS: Readonly<Violations> = {
  lostPayments: 0,
  lostCancels: 0,
  duplicateCreations: 0,
  lostCredits: 0,
  doubleCredits: 0,
  paidMismatches: 0,
  lostRefunds: 0,
  refundMismatches: 0,
  undeliveredEvents: 0,
  orderViolations: 0,
  stuckDeliveries: 0,
  unreconciled: 0,
  anomalies: 0,
};

export interface Verdict {
  violations: Violations;
  eventsStored: number;
  paymentsStored: number;
  /** the sum of every payment's paidAmount less its refundedAmount, to hold against the chain */
  creditedTotal: bigint;
  /** credited transfers whose simulate answer was lost: the chain had them after all */
  inDoubtCredited: number;
  /** the first few problems, spelled out */
  details: string[];
}

interface Detail {
  events: Array<{ id: string; type: string }>;
}

/** Holds the service to what the client was told: the final state, read back through every view. */
export async function verify(
  api: ChaosApi,
  ledger: ClientLedger,
  receiver: FlakyReceiver,
  stuck: number,
): Promise<Verdict> {
  const details: string[] = [];
  const listed = await listPayments(api);
  const byId = new Map(listed.map((p) => [p.id, p]));
  const consoleIds = await consoleList(api);
  const v: Violations = { ...NO_VIOLATIONS, stuckDeliveries: stuck, anomalies: ledger.anomalies.length };
  for (const seen of ledger.acked()) {
    const one = await api.merchant<ListedPayment>('GET', `/crypto/payment/${seen.id}`);
    const listedOne = byId.get(seen.id);
    if (one.kind !== 'ok' || !listedOne || !consoleIds.has(seen.id) || micro(listedOne.amount) !== seen.amount) {
      v.lostPayments += 1;
      details.push(
        `lost payment ${seen.id} (${seen.externalId}): record ${one.kind}, list ${Boolean(listedOne)}, console ${consoleIds.has(seen.id)}`,
      );
    } else if (seen.cancelAcked && listedOne.status !== 'cancelled') {
      v.lostCancels += 1;
      details.push(`cancel of ${seen.id} was acknowledged, status is ${listedOne.status}`);
    }
  }
  const perExternal = new Map<string, number>();
  for (const p of listed) if (p.externalId) perExternal.set(p.externalId, (perExternal.get(p.externalId) ?? 0) + 1);
  for (const [externalId, n] of perExternal)
    if (n > 1) {
      v.duplicateCreations += n - 1;
      details.push(`externalId ${externalId} created ${n} payments`);
    }
  const credits = checkCredits(listed, ledger, v, details);
  await checkRefunds(api, listed, ledger, v, details);
  const events = await checkEvents(api, [...consoleIds], receiver, v, details);
  for (const line of ledger.anomalies) details.push(`anomaly: ${line}`);
  return {
    violations: v,
    eventsStored: events,
    paymentsStored: listed.length,
    inDoubtCredited: credits.inDoubtCredited,
    creditedTotal: listed.reduce((sum, p) => sum + micro(p.paidAmount) - micro(p.refundedAmount), 0n),
    details,
  };
}

/** Exactly once: each acknowledged transfer's transaction credited once, to its payment; every paidAmount adds up. */
function checkCredits(
  listed: ListedPayment[],
  ledger: ClientLedger,
  v: Violations,
  details: string[],
): { inDoubtCredited: number } {
  const creditedTo = new Map<string, string[]>();
  for (const p of listed)
    for (const t of p.transfers) creditedTo.set(t.txHash, [...(creditedTo.get(t.txHash) ?? []), p.id]);
  for (const [hash, payments] of creditedTo) {
    if (payments.length > 1) {
      v.doubleCredits += payments.length - 1;
      details.push(`tx ${hash} credited ${payments.length} times: ${payments.join(', ')}`);
    }
  }
  let inDoubtCredited = 0;
  for (const t of ledger.transfers) {
    const hits = t.txHashes.filter((h) => creditedTo.has(h));
    if (!t.acked) continue;
    if (hits.length === 0) {
      v.lostCredits += 1;
      details.push(`acknowledged transfer of ${usdtText(t.amount)} to ${t.paymentId} never credited`);
    }
    if (hits.length > 1) {
      v.doubleCredits += hits.length - 1;
      details.push(`transfer to ${t.paymentId} credited as ${hits.length} transactions`);
    }
    if (hits.some((h) => creditedTo.get(h)![0] !== t.paymentId)) {
      v.lostCredits += 1;
      details.push(`transfer to ${t.paymentId} credited elsewhere`);
    }
  }
  const ackedHashes = new Set(ledger.transfers.flatMap((t) => (t.acked ? t.txHashes : [])));
  for (const p of listed) {
    const seen = ledger.payments.get(p.id);
    const paid = micro(p.paidAmount);
    const sum = p.transfers.reduce((s, t) => s + micro(t.amount), 0n);
    inDoubtCredited += p.transfers.filter((t) => !ackedHashes.has(t.txHash)).length;
    const ceiling = seen ? seen.sent + seen.inDoubt : 0n;
    const problem =
      sum !== paid
        ? `transfers add up to ${usdtText(sum)}`
        : paid > ceiling
          ? `more than was sent (${usdtText(ceiling)})`
          : seen && paid < seen.maxSeenPaid
            ? `less than an earlier answer showed (${usdtText(seen.maxSeenPaid)})`
            : null;
    if (problem) {
      v.paidMismatches += 1;
      details.push(`${p.id} paidAmount ${p.paidAmount}: ${problem}`);
    }
  }
  return { inDoubtCredited };
}

interface ListedRefund {
  id: string;
  amount: string;
  status: string;
}

/** Every acknowledged refund kept, every one the merchant's wallet sent seen as sent, and refundedAmount their sum. */
async function checkRefunds(
  api: ChaosApi,
  listed: ListedPayment[],
  ledger: ClientLedger,
  v: Violations,
  details: string[],
): Promise<void> {
  const asked = new Set(ledger.refunds.map((r) => r.paymentId));
  for (const p of listed) {
    if (!asked.has(p.id)) {
      if (micro(p.refundedAmount) !== 0n) {
        v.refundMismatches += 1;
        details.push(`${p.id} refundedAmount ${p.refundedAmount} with no refund asked`);
      }
      continue;
    }
    const { items } = await api.mustMerchant<{ items: ListedRefund[] }>('GET', `/crypto/payment/${p.id}/refunds`);
    const byId = new Map(items.map((r) => [r.id, r]));
    for (const seen of ledger.refunds.filter((r) => r.paymentId === p.id && r.id !== null)) {
      const stored = byId.get(seen.id!);
      if (!stored || micro(stored.amount) !== seen.amount) {
        v.lostRefunds += 1;
        details.push(`acknowledged refund ${seen.id} of ${p.id} is ${stored ? `now ${stored.amount}` : 'gone'}`);
      } else if (seen.send === 'acked' && stored.status !== 'sent') {
        v.lostRefunds += 1;
        details.push(`refund ${seen.id} of ${p.id} was sent on chain, its status is ${stored.status}`);
      }
    }
    const sent = items.filter((r) => r.status === 'sent').reduce((sum, r) => sum + micro(r.amount), 0n);
    if (sent !== micro(p.refundedAmount)) {
      v.refundMismatches += 1;
      details.push(`${p.id} refundedAmount ${p.refundedAmount}, its sent refunds add up to ${usdtText(sent)}`);
    }
  }
}

/** At least once, in order: each payment's events, as first accepted by the receiver, in the order they were stored. */
async function checkEvents(
  api: ChaosApi,
  paymentIds: string[],
  receiver: FlakyReceiver,
  v: Violations,
  details: string[],
): Promise<number> {
  const accepted = new Set(receiver.received.map((r) => r.event.id));
  const arrival = arrivalOrderByPayment(receiver.received);
  let stored = 0;
  for (const id of paymentIds) {
    const { events } = await api.mustConsole<Detail>('GET', `/payments/${id}`);
    stored += events.length;
    const missing = events.filter((e) => !accepted.has(e.id));
    v.undeliveredEvents += missing.length;
    for (const e of missing) details.push(`event ${e.id} (${e.type}) of ${id} never accepted by the receiver`);
    const expected = events.filter((e) => accepted.has(e.id)).map((e) => e.id);
    const got = (arrival.get(id) ?? []).filter((e) => expected.includes(e));
    if (got.join() !== expected.join()) {
      v.orderViolations += 1;
      const type = new Map(events.map((e) => [e.id, e.type]));
      details.push(
        `${id} events stored ${expected.map((e) => type.get(e)).join(' > ')}, first delivered ${got.map((e) => type.get(e)).join(' > ')}`,
      );
    }
  }
  return stored;
}

/** Every payment id in the console's list (which also holds payments the client was never told about). */
async function consoleList(api: ChaosApi): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: { items: Array<{ id: string }>; nextCursor: string | null } = await api.mustConsole(
      'GET',
      `/payments?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
    );
    for (const p of page.items) ids.add(p.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
