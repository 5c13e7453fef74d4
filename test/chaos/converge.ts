import type { ChaosApi } from './chaos-client';
import type { FlakyReceiver } from './flaky-receiver';
import type { ClientLedger } from './workload';

/** Generous: the final checks report what never converged; these only bound a wedged service. */
const CREDITS_DEADLINE_MS = 180_000;
const FAILING_DEADLINE_MS = 120_000;
const STALL_MS = 20_000;
const DRAIN_CYCLES = 6;

export interface ListedPayment {
  id: string;
  externalId: string | null;
  amount: string;
  status: string;
  paidAmount: string;
  refundedAmount: string;
  transfers: Array<{ txHash: string; amount: string }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every payment through the merchant list, page by page. */
export async function listPayments(api: ChaosApi): Promise<ListedPayment[]> {
  const all: ListedPayment[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: ListedPayment[]; nextCursor: string | null } = await api.mustMerchant(
      'GET',
      `/crypto/payments?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Waits until every acknowledged transfer is credited (or the deadline passes), then for two more watcher polls. */
export async function waitForCredits(api: ChaosApi, ledger: ClientLedger): Promise<void> {
  const deadline = Date.now() + CREDITS_DEADLINE_MS;
  const acked = ledger.transfers.filter((t) => t.acked);
  while (Date.now() < deadline) {
    const credited = new Set((await listPayments(api)).flatMap((p) => p.transfers.map((t) => t.txHash)));
    if (acked.every((t) => t.txHashes.some((h) => credited.has(h)))) break;
    await sleep(250);
  }
  // transfers whose answer was lost may still be on their way through the watcher
  const since = Date.now();
  while (Date.now() < deadline) {
    const status = await api.mustConsole<{ lastSuccessAt: string | null }>('GET', '/watcher');
    if (status.lastSuccessAt && Date.parse(status.lastSuccessAt) > since + 500) return;
    await sleep(200);
  }
}

async function countDeliveries(api: ChaosApi, status: 'pending' | 'failed'): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { items: unknown[]; nextCursor: string | null } = await api.mustConsole(
      'GET',
      `/webhooks/deliveries?status=${status}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
    );
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

/**
 * Lets the outbox drain without waiting out the retry backoff (15 s and doubling): the receiver
 * goes down until the endpoint is marked failing, then answers 200 again, and the first 2xx from a
 * failing endpoint pulls its whole backlog forward, which is the product's own recovery path.
 * Repeats if an attempt that failed during the outage was recorded after that pull.
 */
export async function drainWebhooks(
  api: ChaosApi,
  receiver: FlakyReceiver,
  endpointId: string,
): Promise<{ pending: number; failed: number }> {
  for (let cycle = 0; cycle < DRAIN_CYCLES; cycle += 1) {
    receiver.mode = 'down';
    await untilFailing(api, endpointId);
    receiver.mode = 'calm';
    await api.mustConsole('POST', `/webhooks/endpoints/${endpointId}/test`);
    let pending = await countDeliveries(api, 'pending');
    let progressAt = Date.now();
    while (pending > 0 && Date.now() - progressAt < STALL_MS) {
      await sleep(250);
      const now = await countDeliveries(api, 'pending');
      if (now < pending) progressAt = Date.now();
      pending = now;
    }
    if (pending === 0) break;
  }
  return { pending: await countDeliveries(api, 'pending'), failed: await countDeliveries(api, 'failed') };
}

async function untilFailing(api: ChaosApi, endpointId: string): Promise<void> {
  const deadline = Date.now() + FAILING_DEADLINE_MS;
  for (;;) {
    const { items } = await api.mustConsole<{ items: Array<{ id: string; status: string }> }>(
      'GET',
      '/webhooks/endpoints',
    );
    if (items.find((e) => e.id === endpointId)?.status === 'failing') return;
    if (Date.now() > deadline)
      throw new Error('the webhook endpoint was never marked failing while its receiver answered 500');
    // each test event is one more failed attempt (real deliveries due now fail too)
    await api.mustConsole('POST', `/webhooks/endpoints/${endpointId}/test`);
    await sleep(300);
  }
}
